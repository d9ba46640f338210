import { DeleteOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { showMessage } from '../../../app/feedback';
import type { RowAction } from '../../../components/listPage';

/**
 * The delete button of a row that is not built in (`builtin` "1": the product's, which the
 * server refuses to delete): as the list kit's, asks first, then says so. The kit's own
 * delete has no per-row condition, so these lists offer this one instead.
 */
export function deleteUnlessBuiltin<Row extends { builtin: string }>(
  t: TFunction,
  rowName: (row: Row) => string,
  question: (row: Row) => string,
  remove: (row: Row) => Promise<unknown>,
): RowAction<Row> {
  return {
    key: 'delete',
    label: t('common.delete'),
    permission: 'system:dict:remove',
    icon: <DeleteOutlined aria-hidden />,
    danger: true,
    when: (row) => row.builtin !== '1',
    ariaLabel: (row) => t('common.deleteOf', { name: rowName(row) }),
    confirm: question,
    run: async (row) => {
      await remove(row);
      showMessage('success', t('common.deleted'));
    },
  };
}
