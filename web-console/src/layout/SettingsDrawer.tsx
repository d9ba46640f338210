import { Drawer, Flex, Switch, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../app/feedback';
import { notificationsSupported, requestNotificationPermission } from '../features/live/notifications';
import { THEME_PRESETS, updateSettings, useSettings } from '../lib/settings';
import { changeTheme } from './changeTheme';

type Flag = 'tagsView' | 'fixedHeader' | 'sidebarLogo';
const FLAGS: readonly Flag[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];

/** Switches the desktop notification on once the browser allows it; off at once. */
async function switchAlarmNotification(on: boolean, deniedText: string): Promise<void> {
  if (!on) {
    updateSettings({ alarmNotification: false });
    return;
  }
  if (await requestNotificationPermission()) updateSettings({ alarmNotification: true });
  else showMessage('warning', deniedText);
}

/**
 * The settings panel (spec section 2): theme colour, tags view, fixed header, sidebar logo;
 * and how a raised alarm is announced: a beep, a desktop notification.
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const flagLabel: Record<Flag, string> = {
    tagsView: t('settings.tagsView'),
    fixedHeader: t('settings.fixedHeader'),
    sidebarLogo: t('settings.sidebarLogo'),
  };
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} width={280}>
      <Typography.Title level={5} id="theme-colour-label">
        {t('settings.theme')}
      </Typography.Title>
      <Flex wrap gap={8} role="radiogroup" aria-labelledby="theme-colour-label" style={{ marginBottom: 24 }}>
        {THEME_PRESETS.map((color) => {
          const checked = settings.theme.toLowerCase() === color.toLowerCase();
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={color}
              title={color}
              onClick={() => void changeTheme(color, t('settings.compiling'))}
              style={{
                width: 28,
                height: 28,
                borderRadius: 4,
                border: checked ? '2px solid #000' : '1px solid #d9d9d9',
                background: color,
                color: '#fff',
                cursor: 'pointer',
                padding: 0,
              }}
            >
              {checked ? <CheckOutlined aria-hidden /> : null}
            </button>
          );
        })}
      </Flex>
      <Typography.Title level={5}>{t('settings.layout')}</Typography.Title>
      {FLAGS.map((flag) => (
        <Flex key={flag} justify="space-between" align="center" style={{ padding: '8px 0' }}>
          <label htmlFor={`setting-${flag}`}>{flagLabel[flag]}</label>
          <Switch
            id={`setting-${flag}`}
            checked={settings[flag]}
            onChange={(checked) => updateSettings({ [flag]: checked })}
          />
        </Flex>
      ))}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('settings.alarms')}
      </Typography.Title>
      <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
        <label htmlFor="setting-alarmSound">{t('settings.alarmSound')}</label>
        <Switch
          id="setting-alarmSound"
          checked={settings.alarmSound}
          onChange={(checked) => updateSettings({ alarmSound: checked })}
        />
      </Flex>
      <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
        <label htmlFor="setting-alarmNotification">{t('settings.alarmNotification')}</label>
        <Switch
          id="setting-alarmNotification"
          checked={settings.alarmNotification}
          disabled={!notificationsSupported() && !settings.alarmNotification}
          onChange={(checked) => void switchAlarmNotification(checked, t('settings.notificationDenied'))}
        />
      </Flex>
    </Drawer>
  );
}
