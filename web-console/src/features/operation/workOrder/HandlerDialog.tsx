import { Alert, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useAccess } from '../../auth/useAccess';
import { useGetUsersQuery } from '../../system/api';
import { useActOnWorkOrderMutation } from '../api';
import { HANDLER_NAME_MAX, workOrderRules } from '../rules';
import type { WorkOrder } from '../types';
import '../i18n';

/** Listing users asks GET /system/user/list, which needs this permission. */
const USER_LIST_PERMISSION = 'system:user:list';
/** Enabled users offered as handlers (the Select searches among them). */
const USER_OPTIONS_SIZE = 200;
const ENABLED = '0';

interface HandlerValues {
  /** Picked from the users, or typed when they cannot be listed. */
  handlerId?: number;
  /** Typed with the id when the users cannot be listed. */
  handlerName?: string;
}

export interface HandlerDialogProps {
  order: WorkOrder;
  /** Dispatch an unassigned order, or assign one in progress to another handler. */
  action: 'dispatch' | 'assign';
  onClose: () => void;
}

/**
 * Gives an order to a handler: a user picked from the system's user list (the handler name
 * sent is the account), or, for a caller who may not list users (no permission, or the
 * server refuses), the user id and account typed.
 */
export default function HandlerDialog({ order, action, onClose }: HandlerDialogProps) {
  const { t } = useTranslation();
  const rules = workOrderRules(t);
  const access = useAccess();
  const mayListUsers = access.hasPermi([USER_LIST_PERMISSION]);
  const users = useGetUsersQuery({ pageNum: 1, pageSize: USER_OPTIONS_SIZE, status: ENABLED }, { skip: !mayListUsers });
  const typed = !mayListUsers || users.isError;
  const candidates = (users.data?.rows ?? []).filter((user) => action === 'dispatch' || user.userId !== order.handlerId);
  const options = candidates.map((user) => ({ value: user.userId, label: user.nickName ? `${user.nickName} (${user.userName})` : user.userName }));
  const [act] = useActOnWorkOrderMutation();

  const save = async ({ handlerId, handlerName }: HandlerValues) => {
    const id = Number(handlerId);
    const name = typed ? (handlerName ?? '').trim() : (candidates.find((user) => user.userId === id)?.userName ?? '');
    await act({ action, workOrderId: order.workOrderId, handlerId: id, handlerName: name }).unwrap();
  };

  return (
    <FormDialog<HandlerValues>
      title={t(`operation.workOrder.dialog.${action}`, { name: order.orderNumber })}
      name={`${action}WorkOrder`}
      onSave={save}
      savedMessage={t(`operation.workOrder.done.${action}`)}
      onClose={onClose}
    >
      {action === 'assign' && order.handlerName ? (
        <p>{t('operation.workOrder.currentHandler', { name: order.handlerName })}</p>
      ) : null}
      {typed ? (
        <>
          <Alert type="info" showIcon message={t('operation.workOrder.handlerManual')} style={{ marginBottom: 16 }} />
          <Row gutter={16}>
            <FormField span={12} label={t('operation.workOrder.handlerId')} name="handlerId" rules={rules.handlerId} required>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </FormField>
            <FormField span={12} label={t('operation.workOrder.handlerName')} name="handlerName" rules={rules.handlerName} required>
              <Input maxLength={HANDLER_NAME_MAX} />
            </FormField>
          </Row>
        </>
      ) : (
        <Form.Item label={t('operation.workOrder.handler')} name="handlerId" rules={rules.handler}>
          <Select showSearch optionFilterProp="label" loading={users.isFetching} placeholder={t('common.choose')} options={options} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
