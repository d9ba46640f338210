import dayjs, { type Dayjs } from 'dayjs';
import type { MaintenanceContract, MaintenanceContractChange } from '../../types';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The contract dialog's fields. */
export interface ContractFormValues {
  contractNumber: string;
  contractName: string;
  companyId?: number;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  /** As typed: the rule reads its decimals. */
  amount?: string;
  remark?: string;
}

const dateOf = (text: string | null | undefined) => (text ? dayjs(text) : null);

export function toValues(contract: MaintenanceContract): ContractFormValues {
  return {
    contractNumber: contract.contractNumber,
    contractName: contract.contractName,
    companyId: contract.companyId,
    startDate: dateOf(contract.startDate),
    endDate: dateOf(contract.endDate),
    amount: contract.amount ?? '',
    remark: contract.remark,
  };
}

/** The body the server takes: texts trimmed, dates as YYYY-MM-DD, the amount as typed ("" for none). */
export function toChange(values: ContractFormValues): MaintenanceContractChange {
  return {
    contractNumber: values.contractNumber.trim(),
    contractName: values.contractName.trim(),
    companyId: Number(values.companyId),
    startDate: values.startDate ? values.startDate.format(DATE_FORMAT) : '',
    endDate: values.endDate ? values.endDate.format(DATE_FORMAT) : '',
    amount: (values.amount ?? '').trim(),
    remark: (values.remark ?? '').trim(),
  };
}

/** An amount for the list: with its thousands separated ("186,000.00"), or '-'. */
export function amountText(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '-';
  const [whole = '', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
