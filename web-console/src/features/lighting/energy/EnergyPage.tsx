import { useState } from 'react';
import { Button, Card, Flex } from 'antd';
import { DownloadOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/download';
import { showMessage } from '../../../app/feedback';
import { HasPermi } from '../../../components/Access';
import { confirmThen } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import {
  ENERGY_EXPORT_URL,
  ENERGY_PERMISSIONS,
  useGetEnergyCompareStatsQuery,
  useGetEnergyRankingQuery,
  useGetEnergyStatsQuery,
  useRebuildEnergyMutation,
} from '../energyApi';
import type { EnergyRankingQuery, EnergyStatsQuery } from '../types';
import { RANKING_LIMIT } from './codes';
import EnergyCards from './EnergyCards';
import EnergyCharts from './EnergyCharts';
import EnergySearchForm from './EnergySearchForm';
import EnergyTable from './EnergyTable';
import { comparedPeriod, rebuildPeriod } from './period';
import { initialValues, searchOf, type EnergySearch } from './search';
import SettingsDialog from './SettingsDialog';
import '../i18n';

/** The statistics' parameters of a search. */
const statsQueryOf = ({ granularity, period, scope }: EnergySearch): EnergyStatsQuery => ({ granularity, ...period, ...scope });

/** The ranking's: the same days, in the group when the search counts one. */
const rankingQueryOf = ({ period, scope }: EnergySearch): EnergyRankingQuery => ({ ...period, limit: RANKING_LIMIT, groupId: scope.groupId });

/** The saved spreadsheet's name, as the console's other exports name theirs. */
const exportName = () => `energy_${Date.now()}.xlsx`;

/**
 * Energy statistics (`lighting/energy/index`): the project's energy by the hour, day, month or
 * year (GET /lighting/energy/stats), of the whole project, a gateway, a loop or a device group,
 * compared with the period before or the same period last year when asked (a second call for
 * that period); its totals, cost and savings against the baseline in cards, the trend, the
 * comparison and the loops that used the most (GET /lighting/energy/ranking) in charts, the
 * buckets in a table with the readings' flags. Export of the trend or the ranking (POST
 * /lighting/energy/export), the tariff and baseline settings and the rebuild of the rollups
 * from the raw readings for the holders of their permissions. The server's refusals (a range
 * beyond the granularity's limit, a rebuild of days no longer held) are shown as every
 * request's.
 */
export default function EnergyPage() {
  const { t } = useTranslation();
  const canList = useAccess().hasPermi([ENERGY_PERMISSIONS.list]);
  const [search, setSearch] = useState<EnergySearch>(() => searchOf(initialValues()));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [rebuildEnergy] = useRebuildEnergyMutation();

  const statsQuery = statsQueryOf(search);
  const rankingQuery = rankingQueryOf(search);
  const comparedQuery: EnergyStatsQuery | typeof skipToken =
    canList && search.compare !== 'none' ? { ...statsQuery, ...comparedPeriod(search.granularity, search.period, search.compare) } : skipToken;
  const stats = useGetEnergyStatsQuery(statsQuery, { skip: !canList, refetchOnMountOrArgChange: true });
  const compared = useGetEnergyCompareStatsQuery(comparedQuery, { refetchOnMountOrArgChange: true });
  const ranking = useGetEnergyRankingQuery(rankingQuery, { skip: !canList, refetchOnMountOrArgChange: true });
  // a refused search shows nothing of the one before
  const comparedStats = search.compare === 'none' ? undefined : compared.currentData;

  // the same search again reads the figures again
  const apply = (next: EnergySearch) => {
    if (canList && JSON.stringify(next) === JSON.stringify(search)) {
      void stats.refetch();
      void ranking.refetch();
      if (next.compare !== 'none') void compared.refetch();
    }
    setSearch(next);
  };

  const rebuild = () => {
    const days = rebuildPeriod(search.period);
    if (!days) {
      showMessage('warning', t('lighting.energyStats.rebuildNotBegun'));
      return;
    }
    confirmThen(
      t('lighting.energyStats.rebuildConfirm', { begin: days.beginTime, end: days.endTime }),
      async () => {
        const rebuilt = await rebuildEnergy(days).unwrap();
        showMessage('success', t('lighting.energyStats.rebuilt', { days: rebuilt }));
      },
      true,
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <EnergySearchForm onSearch={apply} />
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <HasPermi value={[ENERGY_PERMISSIONS.export]}>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download(ENERGY_EXPORT_URL, { view: 'trend', ...statsQuery }, exportName())}>
              {t('common.export')}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download(ENERGY_EXPORT_URL, { view: 'ranking', ...rankingQuery }, exportName())}>
              {t('lighting.energyStats.exportRanking')}
            </Button>
          </HasPermi>
          <HasPermi value={[ENERGY_PERMISSIONS.edit]}>
            <Button icon={<SettingOutlined aria-hidden />} onClick={() => setSettingsOpen(true)}>
              {t('lighting.energyStats.settings')}
            </Button>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={rebuild}>
              {t('lighting.energyStats.rebuild')}
            </Button>
          </HasPermi>
        </Flex>
      </Card>
      <Card>
        <EnergyCards stats={stats.currentData} compared={comparedStats} loading={stats.isFetching} />
      </Card>
      <EnergyCharts
        search={search}
        stats={stats.currentData}
        compared={comparedStats}
        ranking={ranking.currentData}
        loading={{ stats: stats.isFetching, compared: compared.isFetching, ranking: ranking.isFetching }}
      />
      <Card size="small" title={t('lighting.energyStats.details')}>
        {/* a new search starts the table on its first page */}
        <EnergyTable key={JSON.stringify(statsQuery)} stats={stats.currentData} loading={stats.isFetching} />
      </Card>
      {settingsOpen ? <SettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </Flex>
  );
}
