import type { ComponentType, ReactNode } from 'react';
import type { FormRule, TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ListPage as ListAnswer } from '../../api/lists';

/** The paging part of every list query (spec section 9: page 1, limit 20 at first). */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** A query's filters: everything but the paging. */
export type FilterName<Q extends PageQuery> = Exclude<keyof Q, keyof PageQuery> & string;
export type Filters<Q extends PageQuery> = Partial<Pick<Q, FilterName<Q>>>;

/** What the kit reads from a list source; an RTK Query list hook's result is one. */
export interface ListResult<Row> {
  data?: ListAnswer<Row>;
  isFetching: boolean;
  refetch: () => unknown;
}

/** An RTK Query list hook (`useGetGatewaysQuery`), or any hook of that shape. */
export type UseList<Row, Q extends PageQuery> = (query: Q) => ListResult<Row>;

/** A plain fetch of one page, answering `{rows, total}`. */
export type FetchList<Row, Q extends PageQuery> = (query: Q) => Promise<ListAnswer<Row>>;

/** The list's data: an RTK Query list hook, or a fetch function. */
export type ListSource<Row, Q extends PageQuery> =
  | { useList: UseList<Row, Q>; fetchList?: never }
  | { fetchList: FetchList<Row, Q>; useList?: never };

/**
 * A column: antd's column with a key (also the field shown, unless `dataIndex` says another)
 * and a plain-text title, which the column toolbar lists.
 */
export interface ListColumn<Row> extends Omit<TableColumnType<Row>, 'key' | 'title' | 'dataIndex' | 'hidden'> {
  key: string;
  title: string;
  dataIndex?: keyof Row & string;
  /** Hidden until the user shows it with the column toolbar. */
  hidden?: boolean;
}

export interface SelectOption {
  value: string | number;
  label: string;
}

interface FieldBase {
  label: string;
  /** Width in px of the control (selects and ranges). */
  width?: number;
  /**
   * antd rules checked before a search: while the field breaks one, it shows the rule's
   * message and the search sends nothing (a range the server would refuse).
   */
  rules?: FormRule[];
}

/**
 * A range's value when the page opens and after a reset, searched with from the first query
 * on (a log's days default to the current month).
 */
type RangeInitial = { initial?: [Dayjs, Dayjs] };

/** One field of the search form; names are the query's filter names, so they are checked. */
export type SearchField<Q extends PageQuery> =
  | (FieldBase & { kind: 'text'; name: FilterName<Q>; placeholder?: string })
  | (FieldBase & { kind: 'select'; name: FilterName<Q>; options: readonly SelectOption[]; placeholder?: string; searchable?: boolean })
  | (FieldBase & RangeInitial & { kind: 'dateTimeRange'; name: string; from: FilterName<Q>; to: FilterName<Q>; format?: string })
  /** Whole days (YYYY-MM-DD), as RuoYi's log screens filter: the server takes the first day to the end of the last. */
  | (FieldBase & RangeInitial & { kind: 'dateRange'; name: string; from: FilterName<Q>; to: FilterName<Q> });

/** A button in a row's action column; it declares the permission it needs. */
export interface RowAction<Row> {
  key: string;
  label: string;
  /** Permission without the 'pc:' prefix. */
  permission: string;
  /** The accessible name, naming the row ('处理 回路过压'). */
  ariaLabel: (row: Row) => string;
  icon?: ReactNode;
  danger?: boolean;
  /** Shown only for the rows this is true for. */
  when?: (row: Row) => boolean;
  /** Asks first, with this text, and acts on OK. */
  confirm?: (row: Row) => string;
  /** The action; a rejection was shown by the request's error presenter already. */
  run: (row: Row) => unknown;
}

/**
 * A button of the toolbar, beside the kit's own (after add and batch delete, before export);
 * it declares the permission it needs, as every button does.
 */
export interface ToolbarAction<Row> {
  key: string;
  label: string;
  /** Permission without the 'pc:' prefix. */
  permission: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Disabled while this is true of the selected rows (rows are selectable when batch delete is offered). */
  disabled?: (selected: readonly Row[]) => boolean;
  /** Asks first, with this text, and acts on OK. */
  confirm?: (selected: readonly Row[]) => string;
  /**
   * Acts on the selected rows: the table offers row selection for it (to the holders of its
   * permission, as for batch delete), it is disabled while no row is selected, and the
   * selection is cleared once it has run.
   */
  selection?: boolean;
  /** The action, given the selected rows; a rejection was shown by the request's error presenter already. */
  run: (selected: readonly Row[]) => unknown;
}

/**
 * A tree table: rows with `children` (rows of the same shape; none, or an empty list, for a
 * leaf), each node opened and closed by its own button, all at once by the toolbar's toggle.
 * The source answers a page of top-level rows and their count.
 */
export interface ListTree {
  /** Every node open at first (the default, as RuoYi's organization and menu screens), or the top level only. */
  defaultExpandAll?: boolean;
}

/** What a list's add-and-edit dialog receives: the row to edit (none to add one), and how to close. */
export interface EditorDialogProps<Row> {
  row?: Row;
  onClose: () => void;
}

/** Adding and editing rows in a dialog: the dialog and the permissions of its buttons. */
export interface ListEditor<Row> {
  dialog: ComponentType<EditorDialogProps<Row>>;
  /** Permission of the toolbar's add button; no add button without it. */
  add?: string;
  /** The add button's text and icon, when adding is another act ('上传' a firmware); '新增' and a plus by default. */
  addLabel?: string;
  addIcon?: ReactNode;
  /** Permission of each row's edit button; no edit buttons without it. */
  edit?: string;
  /** The rows that have an edit button (default: every row). */
  editable?: (row: Row) => boolean;
}

/** Deleting rows after a confirmation: each row's delete button and the batch delete. */
export interface ListRemover<Row> {
  permission: string;
  /** The question for one row ('确定删除网关“北区网关”吗？'); several get the common one. */
  question: (row: Row) => string;
  /** Deletes the rows; a rejection was shown by the request's error presenter already. */
  run: (rows: Row[]) => Promise<unknown>;
  /** Offer the toolbar's batch delete (and row selection); default true. */
  batch?: boolean;
  /** The rows that have a delete button (default: every row). */
  removable?: (row: Row) => boolean;
}

/** Export: POST of the current filters as a form, saved as a file (api/download.ts). */
export interface ListExport {
  permission: string;
  url: string;
  /** The file name, or how to make one at the click. */
  filename: string | (() => string);
}
