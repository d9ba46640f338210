import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Checkbox, Flex, Table, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/download';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import { useImportUsersMutation } from '../api';
import { USER_IMPORT_MAX_MB, userImportProblem } from '../rules';
import type { ImportOutcome } from '../types';
import '../i18n';

/** Out of sight but in reach of the keyboard and screen readers' forms list. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * Imports users from an xls or xlsx sheet (at most 2 MB, checked here first): the template,
 * the file, whether existing users are updated. A refusal lists its rows (row, account,
 * reason) and imports nothing; a success shows the server's message and closes.
 */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [updateSupport, setUpdateSupport] = useState(false);
  const [refused, setRefused] = useState<ImportOutcome | undefined>();
  const [importUsers, { isLoading }] = useImportUsersMutation();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const found = userImportProblem(chosen);
    setRefused(undefined);
    if (found) {
      setFile(undefined);
      setProblem(found.kind === 'type' ? t('system.user.importDialog.fileType') : t('system.user.importDialog.fileSize', { size: USER_IMPORT_MAX_MB }));
      return;
    }
    setProblem(undefined);
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) {
      setProblem(t('system.user.importDialog.fileRequired'));
      return;
    }
    let outcome: ImportOutcome;
    try {
      outcome = await importUsers({ file, updateSupport }).unwrap();
    } catch {
      return; // shown by the client
    }
    if (outcome.failures.length > 0) {
      setRefused(outcome);
      return;
    }
    showMessage('success', outcome.msg || t('system.user.importDialog.done'));
    onClose();
  };

  const template = () => void download('/system/user/importTemplate', {}, `user_template_${Date.now()}.xlsx`);

  return (
    <AppDialog open title={t('system.user.importDialog.title')} okText={t('system.user.import')} cancelText={t('common.cancel')}
      confirmLoading={isLoading} onOk={() => void upload()} onCancel={onClose}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <input id={inputId} ref={input} type="file" accept=".xls,.xlsx" tabIndex={-1} onChange={choose} style={VISUALLY_HIDDEN}
            aria-label={t('system.user.importDialog.file')} />
          <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => input.current?.click()}>
            {t('system.user.importDialog.choose')}
          </Button>
          <Typography.Text type={file ? undefined : 'secondary'}>{file?.name ?? t('system.user.importDialog.noFile')}</Typography.Text>
        </Flex>
        {problem ? <Typography.Text type="danger" role="alert">{problem}</Typography.Text> : null}
        <Typography.Text type="secondary">{t('system.user.importDialog.hint', { size: USER_IMPORT_MAX_MB })}</Typography.Text>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Checkbox checked={updateSupport} onChange={(event) => setUpdateSupport(event.target.checked)}>
            {t('system.user.importDialog.updateSupport')}
          </Checkbox>
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={template}>
            {t('system.user.importDialog.template')}
          </Button>
        </Flex>
        {refused ? (
          <>
            <Alert type="error" showIcon message={refused.msg} />
            <Table
              size="small"
              rowKey={(failure) => `${failure.row}-${failure.userName}`}
              title={() => t('system.user.importDialog.failures')}
              dataSource={refused.failures}
              pagination={false}
              scroll={{ y: 240 }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('system.user.importDialog.row'), width: 72 },
                { key: 'userName', dataIndex: 'userName', title: t('system.user.userName'), width: 140 },
                { key: 'msg', dataIndex: 'msg', title: t('system.user.importDialog.message') },
              ]}
            />
          </>
        ) : null}
      </Flex>
    </AppDialog>
  );
}
