import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { AppstoreOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toggleColumn, type ToolbarColumn } from '../lib/columns';

export interface RightToolbarProps {
  columns?: readonly ToolbarColumn[];
  onColumnsChange?: (columns: ToolbarColumn[]) => void;
  showSearch?: boolean;
  onToggleSearch?: () => void;
  onRefresh?: () => void;
}

/** The list toolbar: search toggle, refresh, and the column show/hide list. */
export default function RightToolbar({ columns, onColumnsChange, showSearch, onToggleSearch, onRefresh }: RightToolbarProps) {
  const { t } = useTranslation();
  const visibleCount = columns?.filter((column) => column.visible).length ?? 0;
  return (
    <Flex gap={8} justify="flex-end" role="toolbar" aria-label={t('toolbar.label')}>
      {onToggleSearch ? (
        <Tooltip title={showSearch ? t('toolbar.hideSearch') : t('toolbar.showSearch')}>
          <Button
            shape="circle"
            icon={<SearchOutlined aria-hidden />}
            aria-label={showSearch ? t('toolbar.hideSearch') : t('toolbar.showSearch')}
            aria-pressed={showSearch}
            onClick={onToggleSearch}
          />
        </Tooltip>
      ) : null}
      {onRefresh ? (
        <Tooltip title={t('toolbar.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined aria-hidden />} aria-label={t('toolbar.refresh')} onClick={onRefresh} />
        </Tooltip>
      ) : null}
      {columns && onColumnsChange ? (
        <Popover
          trigger="click"
          placement="bottomRight"
          title={t('toolbar.columns')}
          content={
            <Flex vertical gap={4} role="group" aria-label={t('toolbar.columns')}>
              {columns.map((column) => (
                <Checkbox
                  key={column.key}
                  checked={column.visible}
                  disabled={column.visible && visibleCount <= 1}
                  onChange={(event) => onColumnsChange(toggleColumn(columns, column.key, event.target.checked))}
                >
                  {column.label}
                </Checkbox>
              ))}
            </Flex>
          }
        >
          <Button shape="circle" icon={<AppstoreOutlined aria-hidden />} aria-label={t('toolbar.columns')} />
        </Popover>
      ) : null}
    </Flex>
  );
}
