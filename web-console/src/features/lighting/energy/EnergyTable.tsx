import { useMemo, useState } from 'react';
import { Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageOf } from '../../../api/lists';
import Pagination from '../../../components/Pagination';
import { formatNumber } from '../../../lib/format';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../lib/pagination';
import type { EnergyFigures, EnergyRow, EnergyStats } from '../types';
import { FlagLegend, FlagTags } from './EnergyTexts';
import '../i18n';

/** The figures of the table, after the time, in their order (flags last). */
const FIGURES: readonly { key: keyof EnergyFigures; column: 'kwh' | 'peak' | 'flat' | 'valley' | 'cost' | 'baseline' | 'savingKwh' | 'savingCost' }[] = [
  { key: 'kwh', column: 'kwh' },
  { key: 'peakKwh', column: 'peak' },
  { key: 'flatKwh', column: 'flat' },
  { key: 'valleyKwh', column: 'valley' },
  { key: 'cost', column: 'cost' },
  { key: 'baselineKwh', column: 'baseline' },
  { key: 'savingKwh', column: 'savingKwh' },
  { key: 'savingCost', column: 'savingCost' },
];

type KeyedRow = EnergyRow & { key: number };

/**
 * The buckets as rows (time, kWh, peak, flat, valley, cost, baseline, savings, flags), the
 * total under them, paged in the console (an hourly month is 744 rows); above them, what the
 * flags found mean. The page starts over with new statistics (the page keys it by its search).
 */
export default function EnergyTable({ stats, loading }: { stats: EnergyStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE, pageSize: DEFAULT_LIMIT });
  const number = (value: number) => formatNumber(value, i18n.language, 2);
  // keyed by place: a clock change may name an hour twice
  const rows = useMemo(() => (stats?.rows ?? []).map((row, index) => ({ ...row, key: index })), [stats]);
  const shown = pageOf(rows, page.pageNum, page.pageSize);
  const columns: TableColumnType<KeyedRow>[] = [
    { key: 'time', dataIndex: 'time', title: t('lighting.energyStats.columns.time') },
    ...FIGURES.map(({ key, column }) => ({
      key,
      dataIndex: key,
      title: t(`lighting.energyStats.columns.${column}`),
      align: 'right' as const,
      render: (value: number) => number(value),
    })),
    { key: 'flags', dataIndex: 'flags', title: t('lighting.energyStats.columns.flags'), render: (flags: number) => <FlagTags mask={flags} /> },
  ];
  return (
    <>
      <FlagLegend masks={[...rows.map((row) => row.flags), stats?.total.flags ?? 0]} />
      <Table<KeyedRow>
        rowKey="key"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={shown.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          stats && rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>{t('lighting.energyStats.total')}</strong>
              </Table.Summary.Cell>
              {FIGURES.map(({ key }, index) => (
                <Table.Summary.Cell key={key} index={index + 1} align="right">
                  <strong>{number(stats.total[key])}</strong>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={FIGURES.length + 1}>
                <FlagTags mask={stats.total.flags} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Pagination
        total={rows.length}
        page={shown.total === 0 ? DEFAULT_PAGE : page.pageNum}
        limit={page.pageSize}
        autoScroll={false}
        onChange={({ page: pageNum, limit }) => setPage({ pageNum, pageSize: limit })}
      />
    </>
  );
}
