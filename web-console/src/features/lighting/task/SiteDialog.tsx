import { useEffect } from 'react';
import { Form, InputNumber, Row, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useGetSiteQuery, useSetSiteMutation } from '../api';
import { siteRules } from '../rules';
import '../i18n';

interface SiteFormValues {
  latitude?: number | null;
  longitude?: number | null;
  timeZone?: string;
}

let zones: string[] | undefined;

/** The IANA time zones the browser knows (Intl), with UTC; read once. */
function timeZones(): string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = known.includes('UTC') ? known : [...known, 'UTC'];
  }
  return zones;
}

/** The browser's own zone, the first choice before a site is set. */
function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The project's site: where its sunrise and sunset are computed (latitude -90 to 90, longitude
 * -180 to 180) and its IANA time zone; GET and PUT /lighting/site.
 */
export default function SiteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteFormValues>();
  const rules = siteRules(t);
  const { data: site, isFetching } = useGetSiteQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setSite] = useSetSiteMutation();
  const zone = Form.useWatch('timeZone', form);
  const known = timeZones();
  const options = (zone && !known.includes(zone) ? [zone, ...known] : known).map((value) => ({ value, label: value }));

  useEffect(() => {
    if (site) form.setFieldsValue(site);
  }, [form, site]);

  // the rules held: both numbers, a zone
  const save = (values: SiteFormValues) =>
    setSite({ latitude: Number(values.latitude), longitude: Number(values.longitude), timeZone: values.timeZone ?? '' }).unwrap();

  return (
    <FormDialog<SiteFormValues> form={form} name="site" title={t('lighting.site.title')} onSave={save} onClose={onClose}
      savedMessage={t('lighting.site.saved')} initialValues={{ timeZone: browserZone() }}>
      <Spin spinning={isFetching}>
        <Typography.Paragraph type="secondary">{t('lighting.site.hint')}</Typography.Paragraph>
        <Row gutter={16}>
          <FormField span={12} label={t('lighting.site.latitude')} name="latitude" rules={rules.latitude} required>
            <InputNumber style={{ width: '100%' }} placeholder="30.2741" />
          </FormField>
          <FormField span={12} label={t('lighting.site.longitude')} name="longitude" rules={rules.longitude} required>
            <InputNumber style={{ width: '100%' }} placeholder="120.1551" />
          </FormField>
          <FormField label={t('lighting.site.timeZone')} name="timeZone" rules={rules.timeZone} required>
            <Select showSearch optionFilterProp="label" options={options} placeholder={t('common.choose')} />
          </FormField>
        </Row>
      </Spin>
    </FormDialog>
  );
}
