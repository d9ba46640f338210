import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { firmwareSize } from '../rules';
import type { Firmware, FirmwareQuery } from '../types';
import ShortSha from './ShortSha';
import '../i18n';

const asEntered = (text: string | null | undefined) => (text ? <AsEntered text={text} /> : '-');

/** The firmware library's columns. */
export function useFirmwareColumns(): ListColumn<Firmware>[] {
  const { t } = useTranslation();
  return [
    { key: 'version', title: t('lighting.firmware.version'), render: asEntered },
    { key: 'gatewayType', title: t('lighting.firmware.gatewayType'), render: asEntered },
    { key: 'fileName', title: t('lighting.firmware.fileName'), render: asEntered },
    { key: 'size', title: t('lighting.firmware.size'), align: 'right', render: (bytes: number) => firmwareSize(bytes) },
    { key: 'sha256', title: t('lighting.firmware.sha256'), render: (sha256: string) => <ShortSha sha256={sha256} /> },
    { key: 'notes', title: t('lighting.firmware.notes'), render: (notes: string) => (notes ? <AsEntered text={notes} clip /> : '-') },
    { key: 'createBy', title: t('lighting.firmware.createBy'), render: asEntered },
    { key: 'createTime', title: t('lighting.firmware.createTime') },
  ];
}

/** The firmware library's search fields: version and gateway type. */
export function useFirmwareSearchFields(): SearchField<FirmwareQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'version', label: t('lighting.firmware.version'), placeholder: t('lighting.firmware.versionPlaceholder') },
    { kind: 'text', name: 'gatewayType', label: t('lighting.firmware.gatewayType'), placeholder: t('lighting.firmware.gatewayTypePlaceholder') },
  ];
}
