import { Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useUpdateFileMutation } from '../fileApi';
import { FILE_NAME_MAX, FILE_REMARK_MAX, fileRules } from '../rules';
import type { ProjectFile } from '../types';
import '../i18n';

interface FileFormValues {
  fileName: string;
  remark: string;
}

/** Edits a file's name and remark (files are added by uploading them). */
export default function FileFormDialog({ row: file, onClose }: EditorDialogProps<ProjectFile>) {
  const { t } = useTranslation();
  const rules = fileRules(t);
  const [updateFile] = useUpdateFileMutation();
  if (!file) return null;
  const save = (values: FileFormValues) =>
    updateFile({ fileId: file.fileId, fileName: values.fileName.trim(), remark: (values.remark ?? '').trim() }).unwrap();
  return (
    <FormDialog<FileFormValues> name="file" editing onSave={save} onClose={onClose} title={t('project.file.editTitle')}
      initialValues={{ fileName: file.fileName, remark: file.remark }}>
      <Row gutter={16}>
        <FormField label={t('project.file.name')} name="fileName" rules={rules.fileName} required>
          <Input maxLength={FILE_NAME_MAX} />
        </FormField>
        <FormField label={t('project.file.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={FILE_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
