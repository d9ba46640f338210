import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Progress, Row, Spin, Typography, Upload, type FormRule, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { UploadProgress } from '../../../api/uploadProgress';
import { restoreBackupFile } from '../backupApi';
import { BACKUP_IMPORT_MAX_MB, backupImportProblem } from '../rules';
import type { RestoreOutcome } from '../types';
import '../i18n';

interface RestoreValues {
  file?: UploadFile[];
  confirmed?: boolean;
}

/** Where the restore is: not sent, the upload's share sent, the server restoring, or refused with its message. */
type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'restoring' } | { kind: 'refused'; message: string };

const phaseOf = ({ loaded, total }: UploadProgress): Phase =>
  total > 0 && loaded >= total ? { kind: 'restoring' } : { kind: 'uploading', percent: total > 0 ? Math.floor((loaded * 100) / total) : 0 };

export interface RestoreDialogProps {
  /** The restore succeeded: the dialog is done, the page shows what was restored. */
  onRestored: (outcome: RestoreOutcome) => void;
  onClose: () => void;
}

/**
 * Restores the system data from an uploaded backup (POST /system/backup/import): a .sql file of
 * at most 2 MB (checked here before anything is sent), confirmed against the warning of what a
 * restore replaces; then the upload's real progress, the server restoring, and its answer: the
 * restore's result, or the server's refusal (a file this system did not export, or changed
 * since) shown here, the dialog kept open.
 */
export default function RestoreDialog({ onRestored, onClose }: RestoreDialogProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const restored = useRef<RestoreOutcome | undefined>(undefined);
  const busy = phase.kind === 'uploading' || phase.kind === 'restoring';

  const fileRules: FormRule[] = [
    {
      validator: (_rule, value: UploadFile[] | undefined) => {
        const file = value?.[0]?.originFileObj;
        if (!file) return Promise.reject(new Error(t('system.backup.restoreDialog.fileRequired')));
        const problem = backupImportProblem(file);
        if (!problem) return Promise.resolve();
        const message =
          problem.kind === 'type'
            ? t('system.backup.restoreDialog.fileType')
            : t('system.backup.restoreDialog.fileSize', { size: BACKUP_IMPORT_MAX_MB });
        return Promise.reject(new Error(message));
      },
    },
  ];
  const confirmRules: FormRule[] = [
    {
      validator: (_rule, checked: boolean | undefined) =>
        checked ? Promise.resolve() : Promise.reject(new Error(t('system.backup.restoreDialog.confirmRequired'))),
    },
  ];

  const save = async (values: RestoreValues) => {
    const file = values.file?.[0]?.originFileObj;
    if (!file) throw new Error(t('system.backup.restoreDialog.fileRequired'));
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      restored.current = await restoreBackupFile(file, (progress) => setPhase(phaseOf(progress)));
    } catch (error) {
      setPhase({ kind: 'refused', message: error instanceof Error && error.message ? error.message : t('errors.unknown') });
      throw error;
    }
  };

  return (
    <FormDialog<RestoreValues>
      name="restoreBackup"
      title={t('system.backup.restoreDialog.title')}
      savedMessage={t('system.backup.restored')}
      onSave={save}
      onClose={() => (restored.current ? onRestored(restored.current) : onClose())}
    >
      <Row gutter={16}>
        <FormField>
          <Alert type="warning" showIcon message={t('system.backup.restoreDialog.warningTitle')} description={t('system.backup.warning')} />
        </FormField>
        <FormField
          name="file"
          label={t('system.backup.restoreDialog.file')}
          required
          rules={fileRules}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          extra={t('system.backup.restoreDialog.hint', { size: BACKUP_IMPORT_MAX_MB })}
        >
          <Upload accept=".sql" maxCount={1} beforeUpload={() => false} disabled={busy}>
            <Button icon={<UploadOutlined aria-hidden />} disabled={busy}>
              {t('system.backup.restoreDialog.choose')}
            </Button>
          </Upload>
        </FormField>
        <FormField name="confirmed" valuePropName="checked" rules={confirmRules}>
          <Checkbox disabled={busy}>{t('system.backup.restoreDialog.confirm')}</Checkbox>
        </FormField>
        <FormField>
          <RestorePhase phase={phase} />
        </FormField>
      </Row>
    </FormDialog>
  );
}

function RestorePhase({ phase }: { phase: Phase }) {
  const { t } = useTranslation();
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'uploading':
      return (
        <Flex vertical>
          <Progress percent={phase.percent} aria-label={t('system.backup.restoreDialog.progress')} />
          <Typography.Text type="secondary">{t('system.backup.restoreDialog.uploading')}</Typography.Text>
        </Flex>
      );
    case 'restoring':
      return (
        <Flex vertical>
          <Progress percent={100} aria-label={t('system.backup.restoreDialog.progress')} />
          <Flex gap={8} align="center">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('system.backup.restoreDialog.restoring')}</Typography.Text>
          </Flex>
        </Flex>
      );
    case 'refused':
      return <Alert type="error" showIcon message={t('system.backup.restoreDialog.refused')} description={phase.message} />;
  }
}
