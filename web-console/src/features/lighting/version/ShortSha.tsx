import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortSha } from '../rules';
import '../i18n';

/** A checksum's first 12 digits; the whole in a tooltip and copied by its button. */
export default function ShortSha({ sha256 }: { sha256: string }) {
  const { t } = useTranslation();
  if (!sha256) return <span>-</span>;
  return (
    <Tooltip title={<span translate="no">{sha256}</span>}>
      <Typography.Text code copyable={{ text: sha256 }} translate="no" aria-label={t('lighting.firmware.sha256Of', { sha: sha256 })}>
        {shortSha(sha256)}
      </Typography.Text>
    </Tooltip>
  );
}
