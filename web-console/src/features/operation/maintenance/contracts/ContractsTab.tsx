import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../components/listPage';
import { useDeleteMaintenanceContractsMutation } from '../../api';
import type { MaintenanceContract, MaintenanceContractQuery } from '../../types';
import { MAINTENANCE_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useProjectContracts } from '../useMaintenance';
import { useContractColumns, useContractSearchFields } from './columns';
import ContractFormDialog from './ContractFormDialog';
import '../../i18n';

/** The contracts tab: search by keyword, company and state; add, edit, delete (refused by the server while a plan names the contract). */
export default function ContractsTab() {
  const { t } = useTranslation();
  const [deleteContracts] = useDeleteMaintenanceContractsMutation();
  return (
    <ListPage<MaintenanceContract, MaintenanceContractQuery>
      rowKey="contractId" rowName={(contract) => contract.contractNumber} useList={useProjectContracts}
      columns={useContractColumns()} searchFields={useContractSearchFields()}
      editor={{ dialog: ContractFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (contract) => t('operation.maintenance.contract.deleteConfirm', { name: contract.contractName || contract.contractNumber }),
        run: (contracts) => deleteContracts(contracts.map((contract) => contract.contractId)).unwrap(),
      }}
    />
  );
}
