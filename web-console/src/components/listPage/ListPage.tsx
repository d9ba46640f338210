import { useId, useState, type Key, type ReactNode } from 'react';
import { Card, Form, Table, type TableColumnType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/download';
import { showMessage } from '../../app/feedback';
import { useAccess } from '../../features/auth/useAccess';
import ProjectRequired from '../ProjectRequired';
import type { ToolbarColumn } from '../../lib/columns';
import { DEFAULT_LIMIT } from '../../lib/pagination';
import Pagination from '../Pagination';
import { confirmThen, useActionsColumn } from './actions';
import ListToolbar from './ListToolbar';
import { exportParams, firstPageOf } from './query';
import SearchForm from './SearchForm';
import type {
  FetchList,
  Filters,
  ListColumn,
  ListEditor,
  ListExport,
  ListRemover,
  ListResult,
  ListSource,
  PageQuery,
  RowAction,
  SearchField,
  UseList,
} from './types';
import { useFetchList } from './useFetchList';

interface ListPageOwnProps<Row, Q extends PageQuery> {
  /** The field that identifies a row. */
  rowKey: keyof Row & string;
  columns: readonly ListColumn<Row>[];
  searchFields?: readonly SearchField<Q>[];
  /** The row's name in accessible labels ('修改 北区网关') and questions. */
  rowName: (row: Row) => string;
  editor?: ListEditor<Row>;
  remove?: ListRemover<Row>;
  /** More row buttons, between edit and delete. */
  rowActions?: readonly RowAction<Row>[];
  exportList?: ListExport;
  onRowClick?: (row: Row) => void;
  /** Shown below the list: the page's own dialogs and drawers. */
  children?: ReactNode;
  /**
   * The rows belong to the selected project (default): without a project the list shows the
   * prompt to choose one and asks for nothing. False for lists outside projects.
   */
  inProject?: boolean;
}

export type ListPageProps<Row, Q extends PageQuery> = ListPageOwnProps<Row, Q> & ListSource<Row, Q>;

interface ListState<Q extends PageQuery> {
  query: Q;
  setQuery: (update: (previous: Q) => Q) => void;
}

/**
 * A list page in the manner of ant-design-pro's ProTable: the search form (shown and hidden
 * from the toolbar), the toolbar (add, batch delete, export, search toggle, refresh, column
 * show/hide), the table with row selection when batch delete is offered, the actions column
 * (edit, the page's own actions, delete after a confirmation) and the spec's pagination. Every
 * button declares its permission. A page is its columns, its search fields, its permissions
 * and its source: an RTK Query list hook (`useList`) or a fetch function (`fetchList`).
 * A list of the project's data (all but `inProject={false}`) needs a project: without one it
 * is the prompt to choose one (components/ProjectRequired.tsx), and its source is never asked.
 */
export default function ListPage<Row extends object, Q extends PageQuery>(props: ListPageProps<Row, Q>) {
  const [query, setQuery] = useState<Q>(() => firstPageOf<Q>(DEFAULT_LIMIT, {}));
  const state: ListState<Q> = { query, setQuery };
  const list = props.fetchList ? (
    <FetchedList {...props} fetchList={props.fetchList} state={state} />
  ) : (
    <QueriedList {...props} useList={props.useList} state={state} />
  );
  return props.inProject === false ? list : <ProjectRequired>{list}</ProjectRequired>;
}

type BodyProps<Row, Q extends PageQuery> = ListPageOwnProps<Row, Q> & { state: ListState<Q> };

function QueriedList<Row extends object, Q extends PageQuery>({ useList, ...props }: BodyProps<Row, Q> & { useList: UseList<Row, Q> }) {
  return <ListBody {...props} result={useList(props.state.query)} refreshAfterChange={false} />;
}

function FetchedList<Row extends object, Q extends PageQuery>({ fetchList, ...props }: BodyProps<Row, Q> & { fetchList: FetchList<Row, Q> }) {
  return <ListBody {...props} result={useFetchList(fetchList, props.state.query)} refreshAfterChange />;
}

interface ListBodyProps<Row, Q extends PageQuery> extends BodyProps<Row, Q> {
  result: ListResult<Row>;
  /** Fetch again after an add, edit or delete (RTK Query's tags do it for a list hook). */
  refreshAfterChange: boolean;
}

function ListBody<Row extends object, Q extends PageQuery>(props: ListBodyProps<Row, Q>) {
  const { rowKey, columns, searchFields = [], rowName, editor, remove, rowActions = [], exportList, onRowClick, children } = props;
  const { state, result, refreshAfterChange } = props;
  const { query, setQuery } = state;
  const { t } = useTranslation();
  // the search form's name, unique among the pages kept alive: its fields' ids start with it
  const searchName = `search${useId().replace(/:/g, '')}`;
  const [searchForm] = Form.useForm<Record<string, unknown>>();
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(columns.filter((column) => column.hidden).map((column) => column.key)));
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  const [editing, setEditing] = useState<{ row?: Row; opening: number } | undefined>();
  const access = useAccess();
  const rows = result.data?.rows ?? [];
  // the batch delete, and the row selection it works on, for holders of its permission
  const batch = remove && remove.batch !== false && access.hasPermi([remove.permission]) ? remove : undefined;

  const changed = () => {
    if (refreshAfterChange) result.refetch();
  };
  const ask = (next: (previous: Q) => Q) => {
    setSelected({ keys: [], rows: [] });
    setQuery(next);
  };
  const search = (filters: Filters<Q>) => ask((previous) => firstPageOf<Q>(previous.pageSize, filters));
  const reset = () => {
    searchForm.resetFields();
    search({});
  };
  const openEditor = (row?: Row) => setEditing((previous) => ({ row, opening: (previous?.opening ?? 0) + 1 }));

  const removeRows = (targets: Row[]) => {
    if (!remove || targets.length === 0) return;
    const [only] = targets;
    const question = targets.length === 1 && only ? remove.question(only) : t('common.deleteSelectedConfirm', { count: targets.length });
    confirmThen(
      question,
      async () => {
        await remove.run(targets);
        showMessage('success', t('common.deleted'));
        setSelected({ keys: [], rows: [] });
        changed();
      },
      true,
    );
  };

  const actions: RowAction<Row>[] = [];
  if (editor?.edit) {
    actions.push({
      key: 'edit',
      label: t('common.edit'),
      permission: editor.edit,
      icon: <EditOutlined aria-hidden />,
      ariaLabel: (row) => t('common.editOf', { name: rowName(row) }),
      run: (row) => openEditor(row),
    });
  }
  actions.push(...rowActions);
  if (remove) {
    actions.push({
      key: 'delete',
      label: t('common.delete'),
      permission: remove.permission,
      icon: <DeleteOutlined aria-hidden />,
      danger: true,
      ariaLabel: (row) => t('common.deleteOf', { name: rowName(row) }),
      run: (row) => removeRows([row]),
    });
  }
  const actionsColumn = useActionsColumn(t('common.actions'), actions);

  const toolbarColumns: ToolbarColumn[] = columns.map(({ key, title }) => ({ key, label: title, visible: !hidden.has(key) }));
  const tableColumns: TableColumnType<Row>[] = columns
    .filter((column) => !hidden.has(column.key))
    .map(({ hidden: _hidden, dataIndex, ...column }) => ({ ...column, dataIndex: dataIndex ?? column.key }));
  if (actionsColumn) tableColumns.push(actionsColumn);

  const exportRows = () => {
    if (!exportList) return;
    const filename = typeof exportList.filename === 'function' ? exportList.filename() : exportList.filename;
    void download(exportList.url, exportParams(query), filename);
  };

  return (
    <Card>
      {showSearch && searchFields.length > 0 ? (
        <SearchForm<Q> name={searchName} fields={searchFields} form={searchForm} onSearch={search} onReset={reset} />
      ) : null}
      <ListToolbar
        add={editor?.add ? { permission: editor.add, onAdd: () => openEditor() } : undefined}
        remove={batch ? { permission: batch.permission, selected: selected.rows.length, onRemove: () => removeRows(selected.rows) } : undefined}
        exportList={exportList ? { permission: exportList.permission, onExport: exportRows } : undefined}
        columns={toolbarColumns}
        onColumnsChange={(next) => setHidden(new Set(next.filter((column) => !column.visible).map((column) => column.key)))}
        showSearch={showSearch}
        onToggleSearch={searchFields.length > 0 ? () => setShowSearch((shown) => !shown) : undefined}
        onRefresh={() => void result.refetch()}
      />
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        loading={result.isFetching}
        columns={tableColumns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={
          batch
            ? { selectedRowKeys: selected.keys, onChange: (keys, picked) => setSelected({ keys, rows: picked }), columnWidth: 48 }
            : undefined
        }
        onRow={
          onRowClick
            ? (row) => ({
                onClick: (event) => {
                  // the selection box and the action buttons are not the row
                  if ((event.target as Element).closest('.ant-table-selection-column, [data-row-actions]')) return;
                  onRowClick(row);
                },
                style: { cursor: 'pointer' },
              })
            : undefined
        }
      />
      <Pagination
        total={result.data?.total ?? 0}
        page={query.pageNum}
        limit={query.pageSize}
        onChange={({ page, limit }) => ask((previous) => ({ ...previous, pageNum: page, pageSize: limit }))}
      />
      {editing && editor ? (
        <editor.dialog
          key={editing.opening}
          row={editing.row}
          onClose={() => {
            setEditing(undefined);
            changed();
          }}
        />
      ) : null}
      {children}
    </Card>
  );
}
