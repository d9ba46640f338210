import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { OnlineTag } from '../shared/GatewayBits';
import type { Campaign, CampaignQuery, CampaignTarget, CampaignTargetQuery, UpgradeGateway, UpgradeGatewayQuery } from '../types';
import { useCampaignStates, useUpgradeStates } from './dicts';
import { CampaignProgress, CampaignStateTag, UpgradeProgress, UpgradeStateTag } from './StateTags';
import '../i18n';

const asEntered = (text: string | null | undefined) => (text ? <AsEntered text={text} /> : '-');
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

/** A campaign's name in accessible labels and questions: "任务 12（1.4.3）". */
export function useCampaignName() {
  const { t } = useTranslation();
  return (campaign: Pick<Campaign, 'campaignId' | 'version'>) => t('lighting.upgrade.campaignName', { id: campaign.campaignId, version: campaign.version });
}

/** The upgrade screen's gateways: their type, versions, upgrade state and progress. */
export function useUpgradeGatewayColumns(): ListColumn<UpgradeGateway>[] {
  const { t } = useTranslation();
  return [
    { key: 'gatewayName', title: t('lighting.upgrade.gatewayName'), render: asEntered },
    { key: 'gatewayNumber', title: t('lighting.upgrade.gatewayNumber'), render: asEntered },
    { key: 'gatewayType', title: t('lighting.upgrade.gatewayType'), render: asEntered },
    { key: 'brand', title: t('lighting.gateway.brand'), render: asEntered },
    { key: 'version', title: t('lighting.upgrade.currentVersion'), render: asEntered },
    { key: 'online', title: t('lighting.upgrade.online'), render: (online: string) => <OnlineTag status={online} /> },
    { key: 'upgradeState', title: t('lighting.upgrade.upgradeState'), render: (state: string) => <UpgradeStateTag state={state} /> },
    {
      key: 'progress',
      title: t('lighting.upgrade.progress'),
      render: (progress: number, gateway) => (
        <UpgradeProgress progress={progress} state={gateway.upgradeState} testId={`gateway-progress-${gateway.gatewayId}`}
          label={t('lighting.upgrade.progressOf', { name: gateway.gatewayName })} />
      ),
    },
    { key: 'targetVersion', title: t('lighting.upgrade.targetVersion'), render: asEntered },
    { key: 'upgradeTime', title: t('lighting.upgrade.upgradeTime'), render: orDash },
  ];
}

export function useUpgradeGatewaySearchFields(): SearchField<UpgradeGatewayQuery>[] {
  const { t } = useTranslation();
  const states = useUpgradeStates();
  return [
    { kind: 'text', name: 'gatewayName', label: t('lighting.upgrade.gatewayName'), placeholder: t('lighting.gateway.namePlaceholder') },
    { kind: 'text', name: 'gatewayType', label: t('lighting.upgrade.gatewayType'), placeholder: t('lighting.gateway.gatewayTypePlaceholder') },
    { kind: 'select', name: 'upgradeState', label: t('lighting.upgrade.upgradeState'), options: states },
  ];
}

/** The campaigns: firmware, state, progress (the successful part green), counts, limits, why it stopped. */
export function useCampaignColumns(): ListColumn<Campaign>[] {
  const { t } = useTranslation();
  const nameOf = useCampaignName();
  return [
    { key: 'campaignId', title: t('lighting.upgrade.campaignId') },
    { key: 'version', title: t('lighting.upgrade.version'), render: asEntered },
    { key: 'gatewayType', title: t('lighting.upgrade.gatewayType'), render: asEntered },
    { key: 'state', title: t('lighting.upgrade.campaignState'), render: (state: string) => <CampaignStateTag state={state} /> },
    {
      key: 'progress',
      title: t('lighting.upgrade.progress'),
      render: (_progress: number, campaign) => (
        <CampaignProgress campaign={campaign} testId={`campaign-progress-${campaign.campaignId}`}
          label={t('lighting.upgrade.progressOf', { name: nameOf(campaign) })} />
      ),
    },
    { key: 'total', title: t('lighting.upgrade.total') },
    { key: 'success', title: t('lighting.upgrade.success') },
    { key: 'failed', title: t('lighting.upgrade.failed') },
    { key: 'upgrading', title: t('lighting.upgrade.upgrading') },
    { key: 'notUpgraded', title: t('lighting.upgrade.notUpgraded') },
    { key: 'concurrency', title: t('lighting.upgrade.concurrency') },
    { key: 'failureThreshold', title: t('lighting.upgrade.threshold'), render: (percent: number) => `${percent}%` },
    { key: 'stopReason', title: t('lighting.upgrade.stopReason'), render: asEntered },
    { key: 'createBy', title: t('lighting.upgrade.createBy'), render: asEntered },
    { key: 'createTime', title: t('lighting.upgrade.createTime') },
    { key: 'finishTime', title: t('lighting.upgrade.finishTime'), render: orDash, hidden: true },
  ];
}

export function useCampaignSearchFields(): SearchField<CampaignQuery>[] {
  const { t } = useTranslation();
  const states = useCampaignStates();
  return [{ kind: 'select', name: 'state', label: t('lighting.upgrade.campaignState'), options: states }];
}

/** A campaign's gateways: where each one's transfer is, and why it failed. */
export function useTargetColumns(): ListColumn<CampaignTarget>[] {
  const { t } = useTranslation();
  const phase = (value: string) =>
    ['waiting', 'transfer', 'commit', 'confirm', 'done'].includes(value) ? t(`lighting.upgrade.phases.${value as 'done'}`) : orDash(value);
  return [
    { key: 'gatewayName', title: t('lighting.upgrade.gatewayName'), render: asEntered },
    { key: 'gatewayNumber', title: t('lighting.upgrade.gatewayNumber'), render: asEntered },
    { key: 'fromVersion', title: t('lighting.upgrade.fromVersion'), render: asEntered },
    { key: 'upgradeState', title: t('lighting.upgrade.upgradeState'), render: (state: string) => <UpgradeStateTag state={state} /> },
    {
      key: 'progress',
      title: t('lighting.upgrade.progress'),
      render: (progress: number, target) => (
        <UpgradeProgress progress={progress} state={target.upgradeState} testId={`target-progress-${target.gatewayId}`}
          label={t('lighting.upgrade.targetProgressOf', { name: target.gatewayName })} />
      ),
    },
    { key: 'chunks', title: t('lighting.upgrade.chunks'), render: (_chunks: unknown, target) => `${target.chunksSent}/${target.chunkCount}` },
    { key: 'phase', title: t('lighting.upgrade.phase'), render: phase },
    { key: 'attempts', title: t('lighting.upgrade.attempts') },
    { key: 'error', title: t('lighting.upgrade.error'), render: (error: string | null) => (error ? <AsEntered text={error} clip /> : '-') },
    { key: 'startTime', title: t('lighting.upgrade.startTime'), render: orDash },
    { key: 'finishTime', title: t('lighting.upgrade.finishTime'), render: orDash },
  ];
}

export function useTargetSearchFields(): SearchField<CampaignTargetQuery>[] {
  const { t } = useTranslation();
  const states = useUpgradeStates();
  return [{ kind: 'select', name: 'upgradeState', label: t('lighting.upgrade.upgradeState'), options: states }];
}
