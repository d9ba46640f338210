/**
 * The list-page kit: a new list page is its columns, its search fields, a few permission
 * strings and its source (README.md, "A list page").
 */
export { default as ListPage, type ListPageProps } from './ListPage';
export { useFetchList } from './useFetchList';
export { confirmThen } from './actions';
export { DATE_TIME_FORMAT } from './query';
export type {
  EditorDialogProps,
  FetchList,
  Filters,
  ListColumn,
  ListEditor,
  ListExport,
  ListRemover,
  ListResult,
  ListTree,
  PageQuery,
  RowAction,
  SearchField,
  SelectOption,
  ToolbarAction,
  UseList,
} from './types';
