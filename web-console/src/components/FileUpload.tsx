import { useState } from 'react';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFile, type UploadType } from '../api/upload';
import { showMessage } from '../app/feedback';
import { UPLOAD_ACCEPT, fileUrl, useFilesBase } from '../lib/files';

export interface FileUploadProps {
  /** The stored path (one file) or paths (`multiple`): the form field's value. */
  value?: string | readonly string[] | null;
  onChange?: (value: string | string[]) => void;
  /** 1 image (shown as pictures), 2 document, 3 media (docs/files.md). */
  type: UploadType;
  /** A list of files (carousel pictures) instead of one. */
  multiple?: boolean;
  /** The most files of a list. */
  maxCount?: number;
  /** Told each stored file's path as its upload ends. */
  onUploaded?: (path: string) => void;
  disabled?: boolean;
  /** Set by Form.Item: the label points at the picker. */
  id?: string;
}

const pathsOf = (value: FileUploadProps['value']): string[] =>
  value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? [value] : [...value];

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * A picture or file field of a form (the project's logo and pictures, announcements, the file
 * screen): antd's Upload driven by `uploadFile` (POST /system/common/upload/{type}). Its value
 * is the stored path, or the paths of a list; each stored file is shown from the file server
 * (`fileUrl`). A refusal (wrong type, too large) is shown with the server's message.
 */
export default function FileUpload({ value, onChange, type, multiple = false, maxCount, onUploaded, disabled, id }: FileUploadProps) {
  const { t } = useTranslation();
  const base = useFilesBase();
  const paths = pathsOf(value);
  const [pending, setPending] = useState<UploadFile[]>([]);
  const limit = multiple ? maxCount : 1;
  const stored: UploadFile[] = paths.map((path) => ({ uid: path, name: nameOf(path), status: 'done', url: fileUrl(base, path) }));

  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? ''));

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const blob = file as File;
    const uid = (file as UploadFile).uid ?? blob.name;
    setPending((previous) => [...previous, { uid, name: blob.name, status: 'uploading' }]);
    uploadFile(type, blob, blob.name).then(
      (path) => {
        setPending((previous) => previous.filter((item) => item.uid !== uid));
        onSuccess?.(path);
        emit(multiple ? [...pathsOf(value), path] : [path]);
        onUploaded?.(path);
      },
      (error: unknown) => {
        setPending((previous) => previous.filter((item) => item.uid !== uid));
        const failure = error instanceof Error ? error : new Error(String(error));
        onError?.(failure);
        showMessage('error', failure.message);
      },
    );
  };

  const full = limit !== undefined && paths.length + pending.length >= limit && multiple;
  const picture = type === 1;
  return (
    <Upload
      id={id}
      accept={UPLOAD_ACCEPT[type]}
      multiple={multiple}
      disabled={disabled}
      listType={picture ? 'picture-card' : 'text'}
      fileList={[...stored, ...pending]}
      customRequest={customRequest}
      onRemove={(file) => {
        emit(paths.filter((path) => path !== file.uid));
        return true;
      }}
    >
      {full ? null : picture ? (
        <button type="button" aria-label={t('common.upload.choose')} style={{ border: 0, background: 'none' }} disabled={disabled}>
          <PlusOutlined aria-hidden />
          <div>{t('common.upload.choose')}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
          {t('common.upload.choose')}
        </Button>
      )}
    </Upload>
  );
}
