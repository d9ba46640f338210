import { useState, type ReactNode } from 'react';
import { Form, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { presentFailure } from '../../api/presenter';
import { showMessage } from '../../app/feedback';
import AppDialog from '../AppDialog';
import type { DialogWidth } from '../dialogWidths';

export interface FormDialogProps<Values> {
  title: string;
  /** 500px ('small', the default) or 50% ('half'): the spec's widths (section 9). */
  size?: DialogWidth;
  /** The form, when the fields watch each other (Form.useWatch); else the dialog makes one. */
  form?: FormInstance<Values>;
  /** Names the form (its fields' ids start with it). */
  name: string;
  initialValues?: FormProps<Values>['initialValues'];
  /** Saves the checked values; a rejection keeps the dialog open. */
  onSave: (values: Values) => Promise<unknown>;
  /** Shown once saved; by default '修改成功' when `editing`, else '新增成功'. */
  savedMessage?: string;
  /** Whether it edits an existing row (the default saved message). */
  editing?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A form in a dialog, for adding and editing: the spec's widths, no close on a backdrop click,
 * OK submits the form (its rules first), the OK button spins while saving, a failure is shown
 * by the one error presenter (a request's error by the client, as it happened) and keeps the
 * dialog open; once saved, a message and the dialog closes.
 */
export default function FormDialog<Values>({
  title,
  size = 'small',
  form: givenForm,
  name,
  initialValues,
  onSave,
  savedMessage,
  editing = false,
  onClose,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<Values>();
  const form = givenForm ?? ownForm;
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      await onSave(values);
    } catch (error) {
      presentFailure(error);
      return;
    } finally {
      setSaving(false);
    }
    showMessage('success', savedMessage ?? (editing ? t('common.updated') : t('common.added')));
    onClose();
  };

  return (
    <AppDialog
      open
      size={size}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={(values) => void save(values)}>
        {children}
      </Form>
    </AppDialog>
  );
}
