import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/download';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import AsEntered from '../../../components/AsEntered';
import { useImportAssetsMutation } from '../api';
import { IMPORT_MAX_MB, importProblem } from '../rules';
import type { AssetImportOutcome } from '../types';
import '../i18n';

/** Out of sight but in reach of the keyboard and screen readers' forms list. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * Imports assets from an xls or xlsx sheet (at most 2 MB, checked here first), as the user
 * import does: the template, the file. The server checks every row as the form checks an
 * asset (its type by code) and imports all or none: a refusal (code 500) lists its rows (row,
 * code, reason) and imports nothing; a success shows the server's message and closes.
 */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [refused, setRefused] = useState<AssetImportOutcome | undefined>();
  const [importAssets, { isLoading }] = useImportAssetsMutation();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const found = importProblem(chosen);
    setRefused(undefined);
    if (found) {
      setFile(undefined);
      setProblem(found.kind === 'type' ? t('asset.import.fileType') : t('asset.import.fileSize', { size: IMPORT_MAX_MB }));
      return;
    }
    setProblem(undefined);
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) {
      setProblem(t('asset.import.fileRequired'));
      return;
    }
    let outcome: AssetImportOutcome;
    try {
      outcome = await importAssets(file).unwrap();
    } catch {
      return; // shown by the client
    }
    if (outcome.failures.length > 0) {
      setRefused(outcome);
      return;
    }
    showMessage('success', outcome.msg || t('asset.import.done'));
    onClose();
  };

  const template = () => void download('/operation/asset/importTemplate', {}, `asset_template_${Date.now()}.xlsx`);

  return (
    <AppDialog open size={refused ? 'half' : 'small'} title={t('asset.import.title')} okText={t('asset.import.action')} cancelText={t('common.cancel')}
      confirmLoading={isLoading} onOk={() => void upload()} onCancel={onClose}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <input id={inputId} ref={input} type="file" accept=".xls,.xlsx" tabIndex={-1} onChange={choose} style={VISUALLY_HIDDEN}
            aria-label={t('asset.import.file')} />
          <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => input.current?.click()}>
            {t('asset.import.choose')}
          </Button>
          {file ? <AsEntered text={file.name} /> : <Typography.Text type="secondary">{t('asset.import.noFile')}</Typography.Text>}
        </Flex>
        {problem ? <Typography.Text type="danger" role="alert">{problem}</Typography.Text> : null}
        <Typography.Text type="secondary">{t('asset.import.hint', { size: IMPORT_MAX_MB })}</Typography.Text>
        <Flex justify="flex-end">
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={template}>
            {t('asset.import.template')}
          </Button>
        </Flex>
        {refused ? (
          <>
            <Alert type="error" showIcon message={refused.msg} />
            <Table
              size="small"
              rowKey={(failure) => `${failure.row}-${failure.assetCode}`}
              title={() => t('asset.import.failures')}
              dataSource={refused.failures}
              pagination={false}
              scroll={{ y: 240 }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('asset.import.row'), width: 72 },
                { key: 'assetCode', dataIndex: 'assetCode', title: t('asset.import.code'), width: 160, render: (code: string) => <AsEntered text={code} /> },
                { key: 'msg', dataIndex: 'msg', title: t('asset.import.message') },
              ]}
            />
          </>
        ) : null}
      </Flex>
    </AppDialog>
  );
}
