export interface ToolbarColumn {
  key: string;
  label: string;
  visible: boolean;
}

/** Shows or hides one column; the last visible column stays (spec section 5). */
export function toggleColumn(columns: readonly ToolbarColumn[], key: string, visible: boolean): ToolbarColumn[] {
  const visibleCount = columns.filter((column) => column.visible).length;
  if (!visible && visibleCount <= 1) return [...columns];
  return columns.map((column) => (column.key === key ? { ...column, visible } : column));
}
