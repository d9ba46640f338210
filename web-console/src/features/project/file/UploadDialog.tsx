import { useState } from 'react';
import { Button, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../components/AppDialog';
import FileUpload from '../../../components/FileUpload';
import type { UploadType } from '../../../api/upload';
import { showMessage } from '../../../app/feedback';
import { useAppDispatch } from '../../../app/hooks';
import { fileApi } from '../fileApi';
import { FILE_TYPES } from './columns';
import '../i18n';

/** Uploads files of one type into the selected project; the list refreshes after each. */
export default function UploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [type, setType] = useState<UploadType>(1);
  const [paths, setPaths] = useState<string[]>([]);
  const uploaded = (path: string) => {
    showMessage('success', t('project.file.uploaded', { name: path.slice(path.lastIndexOf('/') + 1) }));
    dispatch(fileApi.util.invalidateTags(['ProjectFile']));
  };
  return (
    <AppDialog open size="half" title={t('project.file.uploadTitle')} onCancel={onClose}
      footer={<Button onClick={onClose}>{t('project.file.close')}</Button>}>
      <Form layout="vertical" name="fileUpload">
        <Form.Item label={t('project.file.uploadType')} htmlFor="fileUploadType">
          <Select id="fileUploadType" value={String(type)} style={{ width: 200 }}
            options={FILE_TYPES.map((value) => ({ value, label: t(`project.file.types.${value}`) }))}
            onChange={(value: string) => {
              setType(Number(value) as UploadType);
              setPaths([]);
            }} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('project.file.uploadHint')}</Typography.Paragraph>
        <FileUpload key={type} type={type} multiple value={paths} onChange={(next) => setPaths(next as string[])} onUploaded={uploaded} />
      </Form>
    </AppDialog>
  );
}
