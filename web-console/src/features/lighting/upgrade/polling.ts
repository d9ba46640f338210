import { createContext, useContext, useEffect } from 'react';
import type { Campaign, CampaignQuery, CampaignTargetQuery, UpgradeGatewayQuery } from '../types';
import { useGetCampaignsQuery, useGetCampaignTargetsQuery, useGetUpgradeGatewaysQuery } from '../upgradeApi';

/** How often a list is read again while a campaign it shows runs. */
export const POLL_MS = 2000;

/**
 * The polling of the upgrade screen's lists: every `interval` ms (0: none) while a campaign on
 * the screen runs; the campaign list reports its rows, which say whether one does.
 */
export interface Polling {
  interval: number;
  report: (campaigns: readonly Campaign[]) => void;
}

const NO_POLLING: Polling = { interval: 0, report: () => undefined };

export const PollingContext = createContext<Polling>(NO_POLLING);

/** The upgrade screen's gateways, read again while a campaign runs (the list-page kit's source). */
export function useUpgradeGatewayList(query: UpgradeGatewayQuery) {
  const { interval } = useContext(PollingContext);
  return useGetUpgradeGatewaysQuery(query, { pollingInterval: interval });
}

/** The campaigns, read again while one of them runs; the page is told the rows shown. */
export function useCampaignList(query: CampaignQuery) {
  const { interval, report } = useContext(PollingContext);
  const result = useGetCampaignsQuery(query, { pollingInterval: interval });
  const rows = result.data?.rows;
  useEffect(() => {
    report(rows ?? []);
  }, [report, rows]);
  return result;
}

/** A campaign's gateways, read again while it runs. */
export function useTargetList(query: CampaignTargetQuery) {
  const { interval } = useContext(PollingContext);
  return useGetCampaignTargetsQuery(query, { pollingInterval: interval });
}
