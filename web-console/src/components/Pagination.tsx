import { useState } from 'react';
import { Flex, Input, Pagination as AntPagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  PAGE_SIZES,
  SCROLL_TOP_MS,
  jumpTarget,
  pageAfterSizeChange,
  scrollTo,
} from '../lib/pagination';

export interface PaginationProps {
  total: number;
  page?: number;
  limit?: number;
  pageSizes?: readonly number[];
  /** Called with the new page and limit. */
  onChange: (value: { page: number; limit: number }) => void;
  /** Scroll to the top after a change (800 ms). */
  autoScroll?: boolean;
  hidden?: boolean;
}

/**
 * The pagination control (spec sections 5 and 9): page 1, limit 20, sizes 10/20/30/50, laid
 * out total, sizes, prev, pager, next, jumper. A jump beyond the last page resets to 1; 0 or
 * empty becomes 1.
 */
export default function Pagination({
  total,
  page = DEFAULT_PAGE,
  limit = DEFAULT_LIMIT,
  pageSizes = PAGE_SIZES,
  onChange,
  autoScroll = true,
  hidden = false,
}: PaginationProps) {
  const { t } = useTranslation();
  const [jump, setJump] = useState('');
  if (hidden) return null;

  const change = (next: { page: number; limit: number }) => {
    onChange(next);
    if (autoScroll) scrollTo(0, SCROLL_TOP_MS);
  };

  const submitJump = () => {
    change({ page: jumpTarget(jump, total, limit), limit });
    setJump('');
  };

  return (
    <Flex align="center" gap={12} wrap justify="flex-end" role="navigation" aria-label={t('pagination.label')} style={{ padding: '16px 0' }}>
      <span>{t('pagination.total', { total })}</span>
      <Select
        aria-label={t('pagination.pageSize')}
        value={limit}
        options={pageSizes.map((size) => ({ value: size, label: t('pagination.perPage', { size }) }))}
        onChange={(size: number) => change({ page: pageAfterSizeChange(page, size, total), limit: size })}
        style={{ width: 110 }}
      />
      <AntPagination
        current={page}
        pageSize={limit}
        total={total}
        showSizeChanger={false}
        onChange={(next) => change({ page: next, limit })}
      />
      <Flex align="center" gap={6}>
        <label htmlFor="pagination-jump">{t('pagination.goto')}</label>
        <Input
          id="pagination-jump"
          value={jump}
          inputMode="numeric"
          onChange={(event) => setJump(event.target.value)}
          onPressEnter={submitJump}
          onBlur={() => {
            if (jump !== '') submitJump();
          }}
          style={{ width: 56 }}
        />
        <span>{t('pagination.page')}</span>
      </Flex>
    </Flex>
  );
}
