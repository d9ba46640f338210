/** The form-dialog kit: a form in a dialog for adding and editing (README.md, "A form dialog"). */
export { default as FormDialog, type FormDialogProps } from './FormDialog';
export { default as FormField, type FormFieldProps } from './FormField';
