import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import { dataOf } from '../../api/lists';
import type {
  EnergyBaseline,
  EnergyFigures,
  EnergyRankingQuery,
  EnergyRankingRow,
  EnergyRow,
  EnergySetting,
  EnergySettingChange,
  EnergyStats,
  EnergyStatsQuery,
  EnergySummary,
} from './types';

/**
 * The energy screen's permissions (without 'pc:'): the figures (also those of the home page
 * and the big screen), the spreadsheet, the tariff and baseline settings and the rebuild.
 */
export const ENERGY_PERMISSIONS = {
  list: 'lighting:energy:list',
  export: 'lighting:energy:export',
  edit: 'lighting:energy:edit',
} as const;

/** POST, form-encoded: `view` ('trend' or 'ranking') and the parameters of that view (api/download.ts). */
export const ENERGY_EXPORT_URL = '/lighting/energy/export';

/**
 * The statistics (with the ranking, which the same readings make), the settings and the
 * summary; added here, not to the shell's list.
 */
const ENERGY_TAGS = ['EnergyStats', 'EnergySetting', 'EnergySummary'] as const;

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const baselineOf = (value: unknown): EnergyBaseline => (value === 'lastYear' ? 'lastYear' : 'fullNight');

/** The figures of a bucket or of the total, absent numbers 0. */
function figuresOf(raw: Partial<Record<keyof EnergyFigures, unknown>> | null | undefined): EnergyFigures {
  return {
    kwh: numberOf(raw?.kwh),
    peakKwh: numberOf(raw?.peakKwh),
    flatKwh: numberOf(raw?.flatKwh),
    valleyKwh: numberOf(raw?.valleyKwh),
    cost: numberOf(raw?.cost),
    baselineKwh: numberOf(raw?.baselineKwh),
    savingKwh: numberOf(raw?.savingKwh),
    savingCost: numberOf(raw?.savingCost),
    flags: numberOf(raw?.flags),
  };
}

/** The statistics as the console reads them: their rows always a list, every figure a number. */
export function energyStatsOf(envelope: Envelope): EnergyStats {
  const data = dataOf<Partial<Record<keyof EnergyStats, unknown>>>(envelope, {});
  const rows = Array.isArray(data.rows) ? (data.rows as Partial<Record<keyof EnergyRow, unknown>>[]) : [];
  return {
    timeZone: textOf(data.timeZone),
    baseline: baselineOf(data.baseline),
    baselineNote: textOf(data.baselineNote),
    rows: rows.map((row) => ({ time: textOf(row.time), ...figuresOf(row) })),
    total: figuresOf(data.total as Partial<Record<keyof EnergyFigures, unknown>> | undefined),
  };
}

/** The summary, absent figures 0 and its days a list. */
function summaryOf(envelope: Envelope): EnergySummary {
  const data = dataOf<Partial<Record<keyof EnergySummary, unknown>>>(envelope, {});
  const days = Array.isArray(data.days) ? (data.days as { date?: unknown; kwh?: unknown }[]) : [];
  return {
    todayKwh: numberOf(data.todayKwh),
    monthKwh: numberOf(data.monthKwh),
    monthCost: numberOf(data.monthCost),
    monthSavingKwh: numberOf(data.monthSavingKwh),
    lastMonthKwh: numberOf(data.lastMonthKwh),
    days: days.map((day) => ({ date: textOf(day.date), kwh: numberOf(day.kwh) })),
  };
}

/**
 * The energy statistics' calls (contract: /lighting/energy), apart from the other lighting
 * endpoints so that the home page and the big screen, which show the summary, carry only these.
 */
export const energyApi = api.enhanceEndpoints({ addTagTypes: ENERGY_TAGS }).injectEndpoints({
  endpoints: (build) => {
    const stats = (silent: boolean) =>
      build.query<EnergyStats, EnergyStatsQuery>({
        query: (params) => ({ url: '/lighting/energy/stats', params: { ...params }, silent }),
        transformResponse: energyStatsOf,
        providesTags: ['EnergyStats'],
      });
    return {
      /** The buckets and the total of a period; a range beyond the granularity's limit is refused with the server's words. */
      getEnergyStats: stats(false),
      /**
       * The same for the period compared with; silent, since it is refused for the reasons the
       * main period is (same length), and that refusal is shown once.
       */
      getEnergyCompareStats: stats(true),
      /** The loops that used the most, the largest first. */
      getEnergyRanking: build.query<EnergyRankingRow[], EnergyRankingQuery>({
        query: (params) => ({ url: '/lighting/energy/ranking', params: { ...params } }),
        transformResponse: (envelope: Envelope) =>
          (Array.isArray(envelope.data) ? (envelope.data as Partial<Record<keyof EnergyRankingRow, unknown>>[]) : []).map((row) => ({
            gatewayId: numberOf(row.gatewayId),
            gatewayName: textOf(row.gatewayName),
            gatewayNumber: textOf(row.gatewayNumber),
            loopIndex: numberOf(row.loopIndex),
            loopName: textOf(row.loopName),
            kwh: numberOf(row.kwh),
            cost: numberOf(row.cost),
          })),
        providesTags: ['EnergyStats'],
      }),
      getEnergySetting: build.query<EnergySetting, void>({
        query: () => ({ url: '/lighting/energy/setting' }),
        transformResponse: (envelope: Envelope) => {
          const data = dataOf<Partial<Record<keyof EnergySetting, unknown>>>(envelope, {});
          return {
            peakPrice: numberOf(data.peakPrice),
            flatPrice: numberOf(data.flatPrice),
            valleyPrice: numberOf(data.valleyPrice),
            hourBands: textOf(data.hourBands),
            baseline: baselineOf(data.baseline),
            baselineNote: textOf(data.baselineNote),
            timeZone: textOf(data.timeZone),
            updateBy: textOf(data.updateBy),
            updateTime: typeof data.updateTime === 'string' && data.updateTime !== '' ? data.updateTime : null,
          };
        },
        providesTags: ['EnergySetting'],
      }),
      /** New prices, bands or baseline change every cost and saving: the figures are read again. */
      updateEnergySetting: build.mutation<void, EnergySettingChange>({
        query: (body) => ({ url: '/lighting/energy/setting', method: 'PUT', data: body }),
        transformResponse: () => undefined,
        invalidatesTags: ['EnergySetting', 'EnergyStats', 'EnergySummary'],
      }),
      /**
       * Recomputes the rollups of the days from the raw samples still held; answers the number
       * of days. A period whose samples are no longer kept is refused with the server's words.
       */
      rebuildEnergy: build.mutation<number, { beginTime: string; endTime: string }>({
        query: (body) => ({ url: '/lighting/energy/rebuild', method: 'POST', data: body }),
        transformResponse: (envelope: Envelope) => numberOf(dataOf<{ days?: unknown }>(envelope, {}).days),
        invalidatesTags: ['EnergyStats', 'EnergySummary'],
      }),
      /**
       * Today's, this month's and last month's figures and the last 7 days (the argument, the
       * project id, only keys the cache); quiet on failure: the home page and the big screen
       * show '-' instead.
       */
      getEnergySummary: build.query<EnergySummary, string>({
        query: () => ({ url: '/lighting/energy/summary', silent: true }),
        transformResponse: summaryOf,
        providesTags: ['EnergySummary'],
      }),
    };
  },
});

export const {
  useGetEnergyStatsQuery,
  useGetEnergyCompareStatsQuery,
  useGetEnergyRankingQuery,
  useGetEnergySettingQuery,
  useUpdateEnergySettingMutation,
  useRebuildEnergyMutation,
  useGetEnergySummaryQuery,
} = energyApi;
