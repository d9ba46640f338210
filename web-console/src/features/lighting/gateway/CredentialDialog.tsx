import { useId } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/download';
import AppDialog from '../../../components/AppDialog';
import type { IssuedCredential } from './credential';
import '../i18n';

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  multiline?: boolean;
}

/** A read-only field and its copy button. */
function CopyField({ id, label, value, copyLabel, multiline = false }: CopyFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} htmlFor={id}>
      <Flex gap={8} align="start">
        {multiline ? (
          <Input.TextArea id={id} readOnly value={value} spellCheck={false} rows={5} style={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        ) : (
          <Input id={id} readOnly value={value} spellCheck={false} />
        )}
        <Typography.Text copyable={{ text: value, tooltips: [copyLabel, t('lighting.gateway.credential.copied')] }} style={{ lineHeight: '32px' }} />
      </Flex>
    </Form.Item>
  );
}

/**
 * A gateway's credential, shown once: the MQTT user name (the serial) and password (the JWT)
 * to copy, and the NATS `.creds` file to download. Only its button closes it.
 */
export default function CredentialDialog({ issued: { gatewayNumber, credential }, onClose }: { issued: IssuedCredential; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const downloadCreds = () => saveBlob(new Blob([credential.creds], { type: 'text/plain' }), `${gatewayNumber}.creds`);

  return (
    <AppDialog
      open
      title={t('lighting.gateway.credential.title')}
      closable={false}
      keyboard={false}
      onCancel={onClose}
      footer={[
        <Button key="download" icon={<DownloadOutlined aria-hidden />} onClick={downloadCreds}>
          {t('lighting.gateway.credential.download')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('lighting.gateway.credential.close')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon message={t('lighting.gateway.credential.onceHint')} style={{ marginBottom: 16 }} />
      <Form layout="vertical" component={false}>
        <CopyField id={`${id}-user`} label={t('lighting.gateway.credential.userName')} value={gatewayNumber} copyLabel={t('lighting.gateway.credential.copyUserName')} />
        <CopyField id={`${id}-password`} label={t('lighting.gateway.credential.password')} value={credential.jwt} copyLabel={t('lighting.gateway.credential.copyPassword')} multiline />
      </Form>
    </AppDialog>
  );
}
