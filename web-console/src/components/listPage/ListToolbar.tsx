import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { DeleteOutlined, DownloadOutlined, NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ToolbarColumn } from '../../lib/columns';
import { HasPermi } from '../Access';
import RightToolbar from '../RightToolbar';

/** A page's own toolbar button, ready to show. */
export interface ToolbarButton {
  key: string;
  label: string;
  permission: string;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

export interface ListToolbarProps {
  /** The add button: '新增' with a plus unless `label` and `icon` say otherwise. */
  add?: { permission: string; onAdd: () => void; label?: string; icon?: ReactNode };
  /** The batch delete: enabled while rows are selected. */
  remove?: { permission: string; selected: number; onRemove: () => void };
  /** A tree table's expand-all / collapse-all toggle; `expanded` when the nodes are open (its next click closes them). */
  tree?: { expanded: boolean; onToggle: () => void };
  /** The page's own buttons, after the kit's add, delete and tree toggle, before export. */
  extra?: readonly ToolbarButton[];
  exportList?: { permission: string; onExport: () => void };
  columns: readonly ToolbarColumn[];
  onColumnsChange: (columns: ToolbarColumn[]) => void;
  showSearch: boolean;
  /** Absent when the list has no search form. */
  onToggleSearch?: () => void;
  onRefresh: () => void;
}

/**
 * The row above a list: add, batch delete, a tree's expand-all toggle, the page's own buttons
 * and export on the left, each shown to holders of its permission; the search toggle, refresh
 * and column show/hide on the right.
 */
export default function ListToolbar(props: ListToolbarProps) {
  const { add, remove, tree, extra = [], exportList, columns, onColumnsChange, showSearch, onToggleSearch, onRefresh } = props;
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap>
        {add ? (
          <HasPermi value={[add.permission]}>
            <Button type="primary" icon={add.icon ?? <PlusOutlined aria-hidden />} onClick={add.onAdd}>
              {add.label ?? t('common.add')}
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
        {tree ? (
          <Button icon={tree.expanded ? <NodeCollapseOutlined aria-hidden /> : <NodeExpandOutlined aria-hidden />} onClick={tree.onToggle}>
            {tree.expanded ? t('toolbar.collapseAll') : t('toolbar.expandAll')}
          </Button>
        ) : null}
        {extra.map((button) => (
          <HasPermi key={button.key} value={[button.permission]}>
            <Button icon={button.icon} danger={button.danger} disabled={button.disabled} onClick={button.onClick}>
              {button.label}
            </Button>
          </HasPermi>
        ))}
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
