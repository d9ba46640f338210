import { Button, Flex } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ToolbarColumn } from '../../lib/columns';
import { HasPermi } from '../Access';
import RightToolbar from '../RightToolbar';

export interface ListToolbarProps {
  add?: { permission: string; onAdd: () => void };
  /** The batch delete: enabled while rows are selected. */
  remove?: { permission: string; selected: number; onRemove: () => void };
  exportList?: { permission: string; onExport: () => void };
  columns: readonly ToolbarColumn[];
  onColumnsChange: (columns: ToolbarColumn[]) => void;
  showSearch: boolean;
  /** Absent when the list has no search form. */
  onToggleSearch?: () => void;
  onRefresh: () => void;
}

/**
 * The row above a list: add, batch delete and export on the left, each shown to holders of
 * its permission; the search toggle, refresh and column show/hide on the right.
 */
export default function ListToolbar({ add, remove, exportList, columns, onColumnsChange, showSearch, onToggleSearch, onRefresh }: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap>
        {add ? (
          <HasPermi value={[add.permission]}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={add.onAdd}>
              {t('common.add')}
            </Button>
          </HasPermi>
        ) : null}
        {remove ? (
          <HasPermi value={[remove.permission]}>
            <Button danger icon={<DeleteOutlined aria-hidden />} disabled={remove.selected === 0} onClick={remove.onRemove}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        ) : null}
        {exportList ? (
          <HasPermi value={[exportList.permission]}>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={exportList.onExport}>
              {t('common.export')}
            </Button>
          </HasPermi>
        ) : null}
      </Flex>
      <div style={{ marginLeft: 'auto' }}>
        <RightToolbar
          columns={columns}
          onColumnsChange={onColumnsChange}
          showSearch={showSearch}
          onToggleSearch={onToggleSearch}
          onRefresh={onRefresh}
        />
      </div>
    </Flex>
  );
}
