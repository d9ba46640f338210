import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download';
import type { SheetImportFailure, SheetImportOutcome } from '../api/sheetImport';
import { showMessage } from '../app/feedback';
import { checkFile, type FileRule } from '../lib/fileRules';
import AppDialog from './AppDialog';
import AsEntered from './AsEntered';

/** Out of sight but in reach of the keyboard and screen readers' forms list. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

export interface SheetImportDialogProps<Failure extends SheetImportFailure> {
  title: string;
  /** The import button's text. */
  okText: string;
  /** The file input's accessible name ('用户数据文件'). */
  fileLabel: string;
  /** What the module says about the file (its types, its size, all or none). */
  hint: string;
  /** The file's types and largest size, checked here before anything is sent. */
  rule: FileRule;
  /** The template: POSTed, saved under the name. */
  template: { url: string; filename: () => string };
  /** The refused rows' own column beside row and reason (the account, the code). */
  keyColumn: { field: keyof Failure & string; title: string };
  /** Sends the file; resolves with the refused rows of a refusal, rejects on any other failure (shown by the client). */
  run: (file: File) => Promise<SheetImportOutcome<Failure>>;
  importing: boolean;
  /** Beside the template link (the user import's "update existing users"). */
  extra?: ReactNode;
  onClose: () => void;
}

/**
 * Imports rows from an xls or xlsx sheet, as RuoYi's import dialogs do: the file (its type and
 * size checked first), the template, what the module adds. The server checks every row and
 * imports all or none: a refusal (code 500) lists its rows (row, key, reason) and imports
 * nothing; a success shows the server's message and closes.
 */
export default function SheetImportDialog<Failure extends SheetImportFailure>(props: SheetImportDialogProps<Failure>) {
  const { title, okText, fileLabel, hint, rule, template, keyColumn, run, importing, extra, onClose } = props;
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [refused, setRefused] = useState<SheetImportOutcome<Failure> | undefined>();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const found = checkFile(chosen, rule);
    setRefused(undefined);
    if (found) {
      setFile(undefined);
      setProblem(
        found.kind === 'type' ? t('components.sheetImport.fileType') : t('components.sheetImport.fileSize', { size: found.maxBytes / (1024 * 1024) }),
      );
      return;
    }
    setProblem(undefined);
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) {
      setProblem(t('components.sheetImport.fileRequired'));
      return;
    }
    let outcome: SheetImportOutcome<Failure>;
    try {
      outcome = await run(file);
    } catch {
      return; // shown by the client
    }
    if (outcome.failures.length > 0) {
      setRefused(outcome);
      return;
    }
    showMessage('success', outcome.msg || t('components.sheetImport.done'));
    onClose();
  };

  return (
    <AppDialog open size={refused ? 'half' : 'small'} title={title} okText={okText} cancelText={t('common.cancel')}
      confirmLoading={importing} onOk={() => void upload()} onCancel={onClose}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <input id={inputId} ref={input} type="file" accept=".xls,.xlsx" tabIndex={-1} onChange={choose} style={VISUALLY_HIDDEN} aria-label={fileLabel} />
          <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => input.current?.click()}>
            {t('components.sheetImport.choose')}
          </Button>
          {file ? <AsEntered text={file.name} /> : <Typography.Text type="secondary">{t('components.sheetImport.noFile')}</Typography.Text>}
        </Flex>
        {problem ? <Typography.Text type="danger" role="alert">{problem}</Typography.Text> : null}
        <Typography.Text type="secondary">{hint}</Typography.Text>
        <Flex justify={extra ? 'space-between' : 'flex-end'} align="center" wrap gap={8}>
          {extra}
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={() => void download(template.url, {}, template.filename())}>
            {t('components.sheetImport.template')}
          </Button>
        </Flex>
        {refused ? (
          <>
            <Alert type="error" showIcon message={refused.msg} />
            <Table<Failure>
              size="small"
              rowKey={(failure) => `${failure.row}-${failure.msg}`}
              title={() => t('components.sheetImport.failures')}
              dataSource={refused.failures}
              pagination={false}
              scroll={{ y: 240 }}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('components.sheetImport.row'), width: 72 },
                { key: keyColumn.field, dataIndex: keyColumn.field, title: keyColumn.title, width: 160, render: (value: string | number | null) => <AsEntered text={value === null ? '' : String(value)} /> },
                { key: 'msg', dataIndex: 'msg', title: t('components.sheetImport.message') },
              ]}
            />
          </>
        ) : null}
      </Flex>
    </AppDialog>
  );
}
