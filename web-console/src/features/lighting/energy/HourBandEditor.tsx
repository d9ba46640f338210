import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOUR_BANDS, HOURS_PER_DAY, type HourBand } from '../rules';
import { BAND_COLOURS } from './codes';
import '../i18n';

/** The mark of an hour whose band is not set (or not one of the three): it cycles to peak. */
const UNSET = '?';

const isBand = (value: string | undefined): value is HourBand => (HOUR_BANDS as readonly string[]).includes(value ?? '');

/** The band after `band`: peak, flat, valley, peak again; an unset hour becomes peak. */
function nextBand(band: string | undefined): HourBand {
  const at = isBand(band) ? HOUR_BANDS.indexOf(band) : -1;
  return HOUR_BANDS[(at + 1) % HOUR_BANDS.length] ?? 'P';
}

/** The 24 hours' bands from a value, an unset hour marked. */
function hoursOf(value: string | undefined): string[] {
  return Array.from({ length: HOURS_PER_DAY }, (_unused, hour) => {
    const band = value?.[hour];
    return isBand(band) ? band : UNSET;
  });
}

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export interface HourBandEditorProps {
  /** 24 characters 'P', 'F' or 'V' (the form's value); anything else shows those hours unset. */
  value?: string;
  onChange?: (value: string) => void;
  /** The form item's id (the label's target). */
  id?: string;
  /** The accessible name of the group of hours. */
  label: string;
}

/**
 * The tariff band of each hour of the day: 24 buttons labelled 00 to 23 in two rows, coloured
 * by band, each click moving the hour to the next band (peak, flat, valley); a legend below.
 * The value stays 24 characters, an unset hour written '?', which the form's rule refuses.
 */
export default function HourBandEditor({ value, onChange, id, label }: HourBandEditorProps) {
  const { t } = useTranslation();
  const hours = hoursOf(value);
  const cycle = (hour: number) => onChange?.(hours.map((band, at) => (at === hour ? nextBand(band) : band)).join(''));
  const bandText = (band: string) => (isBand(band) ? t(`lighting.energyStats.bands.${band}`) : t('lighting.energyStats.setting.unset'));
  return (
    <Flex vertical gap={8}>
      <div id={id} role="group" aria-label={label} style={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 4 }}>
        {hours.map((band, hour) => {
          const name = t('lighting.energyStats.setting.hourCell', { from: hourText(hour), to: hourText(hour + 1), band: bandText(band) });
          return (
            <Button
              key={hour}
              size="small"
              aria-label={name}
              title={name}
              onClick={() => cycle(hour)}
              style={{
                height: 'auto',
                padding: '2px 0',
                flexDirection: 'column',
                gap: 0,
                lineHeight: 1.3,
                background: isBand(band) ? BAND_COLOURS[band] : undefined,
                borderColor: isBand(band) ? BAND_COLOURS[band] : undefined,
                color: isBand(band) ? 'rgba(0, 0, 0, 0.88)' : undefined,
              }}
            >
              <span style={{ fontSize: 12 }}>{String(hour).padStart(2, '0')}</span>
              <span>{isBand(band) ? t(`lighting.energyStats.bands.${band}`) : UNSET}</span>
            </Button>
          );
        })}
      </div>
      <Flex gap={16} wrap align="center">
        {HOUR_BANDS.map((band) => (
          <Flex key={band} gap={6} align="center">
            <span aria-hidden style={{ display: 'inline-block', width: 16, height: 12, borderRadius: 2, background: BAND_COLOURS[band] }} />
            <Typography.Text type="secondary">{t(`lighting.energyStats.bandNames.${band}`)}</Typography.Text>
          </Flex>
        ))}
        <Typography.Text type="secondary">{t('lighting.energyStats.setting.hourBandsHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
