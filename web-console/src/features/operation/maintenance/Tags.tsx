import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../../system/useDictOptions';
import { CONTRACT_NEAR_END } from '../rules';
import type { MaintenanceContract } from '../types';
import { CONTRACT_STATE_COLOURS, STATUS_COLOURS, useContractStates, useDaysLeft, useMaintenanceStatuses } from './dicts';
import '../i18n';

/** A plan's status as a coloured tag (dictionary maintenance_status). */
export function PlanStatusTag({ status }: { status: string }) {
  const statuses = useMaintenanceStatuses();
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{optionLabel(statuses, status)}</Tag>;
}

/** The red "overdue" tag of an unfinished plan whose date has passed. */
export function OverdueTag() {
  const { t } = useTranslation();
  return <Tag color="red">{t('operation.maintenance.overdue')}</Tag>;
}

/**
 * A contract's state as a coloured tag (dictionary maintenance_contract_state): in force
 * green, near its end orange with the days left, ended grey, not started blue.
 */
export function ContractStateTag({ contract }: { contract: Pick<MaintenanceContract, 'state' | 'nearEnd' | 'daysLeft'> }) {
  const { t } = useTranslation();
  const states = useContractStates();
  const daysLeft = useDaysLeft();
  const label = optionLabel(states, contract.state);
  const nearEnd = contract.nearEnd || contract.state === CONTRACT_NEAR_END;
  return (
    <Tag color={CONTRACT_STATE_COLOURS[contract.state] ?? 'default'}>
      {nearEnd ? t('operation.maintenance.contract.stateWithDays', { state: label, left: daysLeft(contract.daysLeft) }) : label}
    </Tag>
  );
}
