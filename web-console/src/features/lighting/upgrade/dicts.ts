import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions, type DictOption } from '../../system/useDictOptions';
import { CAMPAIGN_STATES, UPGRADE_STATES } from '../rules';
import '../i18n';

export const UPGRADE_STATE_DICT = 'lighting_upgrade_state';
export const CAMPAIGN_STATE_DICT = 'lighting_campaign_state';

/** Not upgraded, upgrading, success, failed. */
export const UPGRADE_STATE_COLOURS: Readonly<Record<string, string>> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error' };
export const CAMPAIGN_STATE_COLOURS: Readonly<Record<string, string>> = {
  running: 'processing',
  paused: 'warning',
  stopped: 'error',
  cancelled: 'default',
  finished: 'success',
};

/** lighting_upgrade_state: "0" not upgraded, "1" upgrading, "2" success, "3" failed (the module's own labels until it arrives). */
export function useUpgradeStates(): DictOption[] {
  const { t } = useTranslation();
  const fallback = useMemo(() => UPGRADE_STATES.map((value) => ({ value, label: t(`lighting.upgrade.upgradeStates.${value}`) })), [t]);
  return useDictOptions(UPGRADE_STATE_DICT, fallback);
}

/** lighting_campaign_state: running, paused, stopped (failure rate), cancelled, finished. */
export function useCampaignStates(): DictOption[] {
  const { t } = useTranslation();
  const fallback = useMemo(() => CAMPAIGN_STATES.map((value) => ({ value, label: t(`lighting.upgrade.campaignStates.${value}`) })), [t]);
  return useDictOptions(CAMPAIGN_STATE_DICT, fallback);
}
