import { Progress, Tag } from 'antd';
import { optionLabel } from '../../system/useDictOptions';
import { successPercent, upgradeProgressStatus } from '../rules';
import { CAMPAIGN_STATE_COLOURS, UPGRADE_STATE_COLOURS, useCampaignStates, useUpgradeStates } from './dicts';
import '../i18n';

/** A gateway's upgrade state as a coloured tag (dictionary lighting_upgrade_state). */
export function UpgradeStateTag({ state }: { state: string | null | undefined }) {
  const states = useUpgradeStates();
  if (!state) return <span>-</span>;
  return <Tag color={UPGRADE_STATE_COLOURS[state] ?? 'default'}>{optionLabel(states, state)}</Tag>;
}

/** A campaign's state as a coloured tag (dictionary lighting_campaign_state). */
export function CampaignStateTag({ state }: { state: string | null | undefined }) {
  const states = useCampaignStates();
  if (!state) return <span>-</span>;
  return <Tag color={CAMPAIGN_STATE_COLOURS[state] ?? 'default'}>{optionLabel(states, state)}</Tag>;
}

const percentOf = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : 0);

/** A gateway's upgrade progress: moving while upgrading, green once upgraded, red when it failed. */
export function UpgradeProgress({ progress, state, label, testId }: { progress: number; state: string; label: string; testId: string }) {
  return (
    <Progress percent={percentOf(progress)} status={upgradeProgressStatus(state)} size="small" style={{ minWidth: 140, margin: 0 }}
      aria-label={label} data-testid={testId} />
  );
}

/**
 * A campaign's progress: the share of its gateways finished, the successful part in green. Its
 * value for assistive technology (and the end-to-end tests) is the share finished, where antd
 * would give the successful part's.
 */
export function CampaignProgress({ campaign, label, testId }: {
  campaign: { progress: number; success: number; total: number };
  label: string;
  testId: string;
}) {
  const percent = percentOf(campaign.progress);
  return (
    <Progress percent={percent} success={{ percent: successPercent(campaign) }} size="small" style={{ minWidth: 160, margin: 0 }}
      aria-label={label} aria-valuenow={percent} data-testid={testId} />
  );
}
