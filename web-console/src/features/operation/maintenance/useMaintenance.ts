import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../../app/hooks';
import { selectProjectId } from '../../auth/authSlice';
import {
  useGetMaintenanceCompaniesQuery,
  useGetMaintenanceContractsQuery,
  useGetMaintenancePlanCountsQuery,
  useGetMaintenancePlansQuery,
} from '../api';
import { CONTRACT_ENDED } from '../rules';
import type { MaintenanceCompanyQuery, MaintenanceContract, MaintenanceContractQuery, MaintenancePlanQuery } from '../types';

/** Companies and contracts offered in the dialogs and filters: the first page the server gives at most. */
export const PICKER_SIZE = 500;

function useProject(): string {
  return useAppSelector(selectProjectId) ?? '';
}

/** The plans tab's counts of the selected project (none asked without a project). */
export function usePlanCounts() {
  const projectId = useProject();
  return useGetMaintenancePlanCountsQuery(projectId ? projectId : skipToken);
}

/**
 * The list kit's sources: a page of the selected project's records. The project keys the
 * cache, so another project's answers are never shown for this one.
 */
export function useProjectCompanies(query: MaintenanceCompanyQuery) {
  return useGetMaintenanceCompaniesQuery({ ...query, projectId: useProject() });
}

export function useProjectContracts(query: MaintenanceContractQuery) {
  return useGetMaintenanceContractsQuery({ ...query, projectId: useProject() });
}

/** The plans; the toolbar's refresh asks for the status tabs' counts again too. */
export function useProjectPlans(query: MaintenancePlanQuery) {
  const projectId = useProject();
  const list = useGetMaintenancePlansQuery({ ...query, projectId });
  const counts = usePlanCounts();
  const refetch = () => {
    if (projectId) void counts.refetch();
    return list.refetch();
  };
  return { data: list.data, isFetching: list.isFetching, refetch };
}

/** The project's companies as options of a Select (value: companyId). */
export function useCompanyOptions() {
  const { data, isFetching } = useGetMaintenanceCompaniesQuery({ pageNum: 1, pageSize: PICKER_SIZE, projectId: useProject() });
  const options = useMemo(() => (data?.rows ?? []).map((company) => ({ value: company.companyId, label: company.companyName })), [data]);
  return { options, loading: isFetching };
}

/** A contract as an option: its number and its name. */
export const contractLabel = ({ contractNumber, contractName }: Pick<MaintenanceContract, 'contractNumber' | 'contractName'>) =>
  contractName ? `${contractNumber} ${contractName}` : contractNumber;

/**
 * The project's contracts as options of a Select (value: contractId), and each one's dates by
 * id. `keep`: a contract offered even when it has ended (the one an edited plan names);
 * `endedDisabled`: an ended contract takes no new plan (a plan's date is not in the past).
 */
export function useContractOptions({ endedDisabled = false, keep }: { endedDisabled?: boolean; keep?: number } = {}) {
  const { data, isFetching } = useGetMaintenanceContractsQuery({ pageNum: 1, pageSize: PICKER_SIZE, projectId: useProject() });
  return useMemo(() => {
    const rows = data?.rows ?? [];
    const options = rows.map((contract) => ({
      value: contract.contractId,
      label: contractLabel(contract),
      disabled: endedDisabled && contract.state === CONTRACT_ENDED && contract.contractId !== keep ? true : undefined,
    }));
    const byId = new Map(rows.map((contract) => [contract.contractId, contract]));
    return { options, byId, loading: isFetching };
  }, [data, isFetching, endedDisabled, keep]);
}
