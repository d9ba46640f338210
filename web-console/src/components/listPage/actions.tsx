import { Button, Space, type TableColumnType } from 'antd';
import i18n from '../../i18n';
import { presentFailure } from '../../api/presenter';
import { confirmDialog } from '../../app/feedback';
import { useAccess } from '../../features/auth/useAccess';
import type { RowAction } from './types';

/**
 * Asks `question` in the console's prompt dialog, then runs `act`; a failure goes to the one
 * error presenter (a request's error is there already). The dialog closes either way.
 */
export function confirmThen(question: string, act: () => unknown, warning = false): void {
  confirmDialog({
    title: i18n.t('common.prompt'),
    content: question,
    okText: i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
    type: warning ? 'warning' : 'confirm',
    onOk: async () => {
      try {
        await act();
      } catch (error) {
        presentFailure(error);
      }
    },
  });
}

function runAction<Row>(action: RowAction<Row>, row: Row): void {
  if (action.confirm) {
    confirmThen(action.confirm(row), () => action.run(row), action.danger);
    return;
  }
  void Promise.resolve()
    .then(() => action.run(row))
    .catch(presentFailure);
}

/**
 * The actions column: each row's buttons the user's permissions allow, in the given order;
 * undefined when the user may use none of them.
 */
export function useActionsColumn<Row>(title: string, actions: readonly RowAction<Row>[]): TableColumnType<Row> | undefined {
  const access = useAccess();
  const allowed = actions.filter((action) => access.hasPermi([action.permission]));
  if (allowed.length === 0) return undefined;
  return {
    title,
    key: 'actions',
    render: (_value: unknown, row: Row) => (
      <Space size={0} data-row-actions onClick={(event) => event.stopPropagation()}>
        {allowed
          .filter((action) => action.when?.(row) ?? true)
          .map((action) => (
            <Button
              key={action.key}
              type="link"
              size="small"
              danger={action.danger}
              icon={action.icon}
              aria-label={action.ariaLabel(row)}
              onClick={() => runAction(action, row)}
            >
              {action.label}
            </Button>
          ))}
      </Space>
    ),
  };
}
