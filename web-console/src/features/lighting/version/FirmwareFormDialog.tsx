import { Button, Descriptions, Form, Input, Row, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import {
  FIRMWARE_ACCEPT,
  FIRMWARE_FILE_RULE,
  FIRMWARE_NOTES_MAX,
  FIRMWARE_VERSION_MAX,
  firmwareRules,
  firmwareSize,
  GATEWAY_TYPE_MAX,
  pickedFirmware,
} from '../rules';
import type { Firmware } from '../types';
import { useUpdateFirmwareMutation, useUploadFirmwareMutation } from '../upgradeApi';
import '../i18n';

/** The upload form's fields: the picked file is the last of the Upload's list. */
interface FirmwareFormValues {
  version: string;
  gatewayType: string;
  notes?: string;
  file?: UploadFile[];
}

/** The Upload's event to the field's value: only the last file picked is kept. */
const fileListOf = (event: { fileList?: UploadFile[] } | UploadFile[] | undefined): UploadFile[] =>
  Array.isArray(event) ? event.slice(-1) : (event?.fileList ?? []).slice(-1);

/**
 * Uploads a firmware to the library (POST /lighting/version, multipart: the .bin as `file`,
 * its version, gateway type and notes), or edits an uploaded one's notes (PUT): its version,
 * type, file and checksum are fixed and shown read-only. The file is checked before anything
 * is sent: a .bin, not empty, at most 500 KB (spec: "Firmware: bin only, at most 500 KB");
 * the server's refusal (a version already uploaded for the type) is shown as every request's.
 */
export default function FirmwareFormDialog({ row: firmware, onClose }: EditorDialogProps<Firmware>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirmwareFormValues>();
  const rules = firmwareRules(t);
  const [uploadFirmware] = useUploadFirmwareMutation();
  const [updateFirmware] = useUpdateFirmwareMutation();

  const save = async (values: FirmwareFormValues) => {
    const notes = (values.notes ?? '').trim();
    if (firmware) {
      await updateFirmware({ firmwareId: firmware.firmwareId, notes }).unwrap();
      return;
    }
    const file = pickedFirmware(values.file);
    if (!file) throw new Error(t('lighting.firmware.rules.file'));
    await uploadFirmware({ file, version: values.version, gatewayType: values.gatewayType.trim(), notes }).unwrap();
  };

  const notesField = (
    <FormField label={t('lighting.firmware.notes')} name="notes" rules={rules.notes}>
      <Input.TextArea maxLength={FIRMWARE_NOTES_MAX} rows={3} showCount />
    </FormField>
  );

  if (firmware) {
    return (
      <FormDialog<FirmwareFormValues> form={form} name="firmware" editing onSave={save} onClose={onClose}
        title={t('lighting.firmware.editTitle')} initialValues={{ notes: firmware.notes }}>
        <Typography.Paragraph type="secondary">{t('lighting.firmware.fixedHint')}</Typography.Paragraph>
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}
          items={[
            { key: 'version', label: t('lighting.firmware.version'), children: <AsEntered text={firmware.version} /> },
            { key: 'gatewayType', label: t('lighting.firmware.gatewayType'), children: <AsEntered text={firmware.gatewayType} /> },
            { key: 'fileName', label: t('lighting.firmware.fileName'), children: <AsEntered text={firmware.fileName} /> },
            { key: 'size', label: t('lighting.firmware.size'), children: firmwareSize(firmware.size) },
            {
              key: 'sha256',
              label: t('lighting.firmware.sha256'),
              children: <Typography.Text copyable translate="no" style={{ wordBreak: 'break-all' }}>{firmware.sha256}</Typography.Text>,
            },
          ]} />
        <Row>{notesField}</Row>
      </FormDialog>
    );
  }

  return (
    <FormDialog<FirmwareFormValues> form={form} name="firmware" onSave={save} onClose={onClose}
      title={t('lighting.firmware.uploadTitle')} savedMessage={t('lighting.firmware.uploaded')}>
      <Row gutter={16}>
        <FormField span={12} label={t('lighting.firmware.version')} name="version" rules={rules.version} required>
          <Input maxLength={FIRMWARE_VERSION_MAX} placeholder={t('lighting.firmware.versionPlaceholder')} />
        </FormField>
        <FormField span={12} label={t('lighting.firmware.gatewayType')} name="gatewayType" rules={rules.gatewayType} required>
          <Input maxLength={GATEWAY_TYPE_MAX} placeholder={t('lighting.firmware.gatewayTypePlaceholder')} />
        </FormField>
        <FormField label={t('lighting.firmware.file')} name="file" rules={rules.file} required valuePropName="fileList" getValueFromEvent={fileListOf}
          extra={t('lighting.firmware.fileHint', { max: (FIRMWARE_FILE_RULE.maxBytes ?? 0) / 1024 })}>
          {/* kept with the form, sent with it on OK */}
          <Upload accept={FIRMWARE_ACCEPT} maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined aria-hidden />}>{t('lighting.firmware.choose')}</Button>
          </Upload>
        </FormField>
        {notesField}
      </Row>
    </FormDialog>
  );
}
