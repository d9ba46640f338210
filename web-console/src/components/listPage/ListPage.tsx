import { useEffect, useId, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, Card, Form, Table, type TableColumnType, type TableProps } from 'antd';
import { CaretDownOutlined, CaretRightOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/download';
import { presentFailure } from '../../api/presenter';
import { showMessage } from '../../app/feedback';
import { useAccess } from '../../features/auth/useAccess';
import ProjectRequired from '../ProjectRequired';
import type { ToolbarColumn } from '../../lib/columns';
import { DEFAULT_LIMIT } from '../../lib/pagination';
import Pagination from '../Pagination';
import { confirmThen, useActionsColumn } from './actions';
import ListToolbar, { type ToolbarButton } from './ListToolbar';
import { exportParams, filtersKeyOf, firstPageOf, initialFilters, withOutsideFilters } from './query';
import SearchForm from './SearchForm';
import { allOf, childrenOf, openKeys, toggled, type Expansion } from './tree';
import type {
  FetchList,
  Filters,
  ListColumn,
  ListEditor,
  ListExport,
  ListRemover,
  ListResult,
  ListSource,
  ListTree,
  PageQuery,
  RowAction,
  SearchField,
  ToolbarAction,
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
  /** More toolbar buttons, after add, batch delete and the tree toggle, before export. */
  toolbarExtra?: readonly ToolbarAction<Row>[];
  exportList?: ListExport;
  /**
   * Filters from outside the list (an organization chosen in a tree beside it): merged into
   * every query the kit sends and into its export, over the search form's of the same name;
   * empty values are left out. A change of values goes back to page 1 and keeps the search form.
   */
  filters?: Filters<Q>;
  /** A tree table (ListTree): rows with `children`, opened and closed node by node and all at once. */
  expandable?: true | ListTree;
  /**
   * The table's text while it holds no rows, given the query sent (a gateway's devices: the
   * spec's 'No modules mounted under this gateway.'); undefined leaves the kit's own.
   */
  emptyText?: (query: Q) => ReactNode | undefined;
  onRowClick?: (row: Row) => void;
  /**
   * Told the selected rows whenever they change (a new page, search or filter selects none):
   * the table offers row selection for it, as a picker in a dialog needs.
   */
  onSelect?: (rows: Row[]) => void;
  /** Shown below the list: the page's own dialogs and drawers. */
  children?: ReactNode;
  /**
   * The rows belong to the selected project (default): without a project the list shows the
   * prompt to choose one and asks for nothing. False for lists outside projects.
   */
  inProject?: boolean;
}

export type ListPageProps<Row, Q extends PageQuery> = ListPageOwnProps<Row, Q> & ListSource<Row, Q>;

/** The rows selected: none (one value, so that a list selecting none stays the same list). */
const NO_SELECTION: { keys: Key[]; rows: never[] } = { keys: [], rows: [] };

interface ListState<Q extends PageQuery> {
  /** The query sent: the page, the search form's filters and the outside filters. */
  query: Q;
  /** Changes the page and the search form's filters (the outside filters come from the page). */
  setQuery: (update: (previous: Q) => Q) => void;
}

/**
 * A list page in the manner of ant-design-pro's ProTable: the search form (shown and hidden
 * from the toolbar), the toolbar (add, batch delete, a tree's expand-all toggle, the page's own
 * buttons, export, search toggle, refresh, column show/hide), the table (a tree table with
 * `expandable`) with row selection when batch delete is offered, the actions column (edit, the
 * page's own actions, delete after a confirmation) and the spec's pagination. Every button
 * declares its permission. A page is its columns, its search fields, its permissions and its
 * source: an RTK Query list hook (`useList`) or a fetch function (`fetchList`), asked with the
 * page, the search form's filters and the page's outside `filters`.
 * A list of the project's data (all but `inProject={false}`) needs a project: without one it
 * is the prompt to choose one (components/ProjectRequired.tsx), and its source is never asked.
 */
export default function ListPage<Row extends object, Q extends PageQuery>(props: ListPageProps<Row, Q>) {
  // the first page with the search form as it opens (a range's initial value)
  const [ownQuery, setQuery] = useState<Q>(() => firstPageOf<Q>(DEFAULT_LIMIT, initialFilters(props.searchFields ?? [])));
  const filtersKey = filtersKeyOf(props.filters);
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    // other outside filters: their first page, the search form as it is
    setSeenFilters(filtersKey);
    setQuery((previous) => ({ ...previous, pageNum: 1 }));
  }
  const query = useMemo(() => withOutsideFilters(ownQuery, filtersKey), [ownQuery, filtersKey]);
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
  const { rowKey, columns, searchFields = [], rowName, editor, remove, rowActions = [], toolbarExtra = [], exportList, onRowClick, children } = props;
  const { state, result, refreshAfterChange } = props;
  const { query, setQuery } = state;
  const { t } = useTranslation();
  // the search form's name, unique among the pages kept alive: its fields' ids start with it
  const searchName = `search${useId().replace(/:/g, '')}`;
  const [searchForm] = Form.useForm<Record<string, unknown>>();
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(columns.filter((column) => column.hidden).map((column) => column.key)));
  // the rows chosen in the answer to `of`: a new query (a page, a search, other outside filters) chooses none
  const [chosen, setSelected] = useState<{ keys: Key[]; rows: Row[]; of?: Q }>(NO_SELECTION);
  const selected = chosen.of === query ? chosen : NO_SELECTION;
  const tree = props.expandable === true ? {} : props.expandable;
  const [expansion, setExpansion] = useState<Expansion>(() => allOf(tree?.defaultExpandAll === false ? 'collapsed' : 'expanded'));
  const [editing, setEditing] = useState<{ row?: Row; opening: number } | undefined>();
  const access = useAccess();
  const rows = result.data?.rows ?? [];
  // the batch delete, and the row selection it works on, for holders of its permission
  const batch = remove && remove.batch !== false && access.hasPermi([remove.permission]) ? remove : undefined;
  // rows are selectable for the batch delete, a toolbar button acting on them, or the page's onSelect
  const selectable =
    batch !== undefined || props.onSelect !== undefined || toolbarExtra.some((action) => action.selection && access.hasPermi([action.permission]));
  const onSelect = useRef(props.onSelect);
  useEffect(() => {
    onSelect.current = props.onSelect;
  });
  useEffect(() => {
    onSelect.current?.(selected.rows);
  }, [selected.rows]);

  const changed = () => {
    if (refreshAfterChange) result.refetch();
  };
  const search = (filters: Filters<Q>) => setQuery((previous) => firstPageOf<Q>(previous.pageSize, filters));
  // back to the search form as it opens: empty, but for a range's initial value
  const reset = () => {
    searchForm.resetFields();
    search(initialFilters(searchFields));
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
        setSelected(NO_SELECTION);
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
      when: editor.editable,
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
      when: remove.removable,
      run: (row) => removeRows([row]),
    });
  }
  const actionsColumn = useActionsColumn(t('common.actions'), actions);

  const toolbarColumns: ToolbarColumn[] = columns.map(({ key, title }) => ({ key, label: title, visible: !hidden.has(key) }));
  const tableColumns: TableColumnType<Row>[] = columns
    .filter((column) => !hidden.has(column.key))
    .map(({ hidden: _hidden, dataIndex, ...column }) => ({ ...column, dataIndex: dataIndex ?? column.key }));
  if (actionsColumn) tableColumns.push(actionsColumn);

  const toolbarButtons: ToolbarButton[] = toolbarExtra.map((action) => ({
    key: action.key,
    label: action.label,
    permission: action.permission,
    icon: action.icon,
    danger: action.danger,
    disabled: (action.disabled?.(selected.rows) ?? false) || (action.selection === true && selected.rows.length === 0),
    onClick: () => {
      const rowsNow = selected.rows;
      const act = async () => {
        await action.run(rowsNow);
        if (action.selection) setSelected(NO_SELECTION);
      };
      if (action.confirm) {
        confirmThen(action.confirm(rowsNow), act, action.danger);
        return;
      }
      act().catch(presentFailure);
    },
  }));

  const emptyText = props.emptyText?.(query);
  const keyOf = (row: Row) => row[rowKey] as Key;
  const treeTable: TableProps<Row>['expandable'] = tree
    ? {
        expandedRowKeys: openKeys(rows, keyOf, expansion),
        onExpand: (_open, row) => setExpansion((previous) => toggled(previous, keyOf(row))),
        indentSize: 20,
        expandIcon: ({ expanded, record, onExpand }) =>
          childrenOf(record).length > 0 ? (
            <Button
              type="text"
              size="small"
              aria-expanded={expanded}
              aria-label={t(expanded ? 'common.collapseOf' : 'common.expandOf', { name: rowName(record) })}
              icon={expanded ? <CaretDownOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
              style={{ marginInlineEnd: 4 }}
              onClick={(event) => {
                // opening a node is not a click on its row
                event.stopPropagation();
                onExpand(record, event);
              }}
            />
          ) : (
            <span aria-hidden style={{ display: 'inline-block', width: 28 }} />
          ),
      }
    : undefined;

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
        add={editor?.add ? { permission: editor.add, onAdd: () => openEditor(), label: editor.addLabel, icon: editor.addIcon } : undefined}
        remove={batch ? { permission: batch.permission, selected: selected.rows.length, onRemove: () => removeRows(selected.rows) } : undefined}
        tree={tree ? { expanded: expansion.mode === 'expanded', onToggle: () => setExpansion((previous) => allOf(previous.mode === 'expanded' ? 'collapsed' : 'expanded')) } : undefined}
        extra={toolbarButtons}
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
        locale={emptyText === undefined ? undefined : { emptyText }}
        expandable={treeTable}
        rowSelection={
          selectable
            ? { selectedRowKeys: selected.keys, onChange: (keys, picked) => setSelected({ keys, rows: picked, of: query }), columnWidth: 48 }
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
        onChange={({ page, limit }) => setQuery((previous) => ({ ...previous, pageNum: page, pageSize: limit }))}
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
