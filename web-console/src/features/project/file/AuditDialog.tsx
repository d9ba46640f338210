import { Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useAuditFileMutation } from '../fileApi';
import { FILE_REMARK_MAX, isAuditReason } from '../rules';
import type { ProjectFile } from '../types';
import '../i18n';

interface AuditValues {
  auditStatus: '1' | '2';
  auditReason: string;
}

/** Audits a file: pass, or no pass with a reason (spec section 4, file audit). */
export default function AuditDialog({ file, onClose }: { file: ProjectFile; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditValues>();
  const [auditFile] = useAuditFileMutation();
  const save = (values: AuditValues) =>
    auditFile({ fileId: file.fileId, auditStatus: values.auditStatus, auditReason: (values.auditReason ?? '').trim() }).unwrap();
  const reasonRule = {
    validator: (_rule: unknown, value: unknown) =>
      isAuditReason(form.getFieldValue('auditStatus'), value)
        ? Promise.resolve()
        : Promise.reject(new Error(t('project.file.rules.reason', { max: FILE_REMARK_MAX }))),
  };
  return (
    <FormDialog<AuditValues> form={form} name="fileAudit" onSave={save} onClose={onClose} savedMessage={t('project.file.audited')}
      title={`${t('project.file.auditTitle')}: ${file.fileName}`}
      initialValues={{ auditStatus: file.auditStatus === '2' ? '2' : '1', auditReason: file.auditReason }}>
      <Row gutter={16}>
        <FormField label={t('project.file.auditResult')} name="auditStatus" required>
          <Radio.Group options={[{ value: '1', label: t('project.file.audits.1') }, { value: '2', label: t('project.file.audits.2') }]} />
        </FormField>
        <FormField label={t('project.file.auditReason')} name="auditReason" rules={[reasonRule]} dependencies={['auditStatus']}>
          <Input.TextArea maxLength={FILE_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
