import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../components/listPage';
import { useDeleteMaintenanceCompaniesMutation } from '../../api';
import type { MaintenanceCompany, MaintenanceCompanyQuery } from '../../types';
import { MAINTENANCE_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useProjectCompanies } from '../useMaintenance';
import { useCompanyColumns, useCompanySearchFields } from './columns';
import CompanyFormDialog from './CompanyFormDialog';
import '../../i18n';

/** The companies tab: search by name, add, edit, delete (refused by the server while a contract names the company). */
export default function CompaniesTab() {
  const { t } = useTranslation();
  const [deleteCompanies] = useDeleteMaintenanceCompaniesMutation();
  return (
    <ListPage<MaintenanceCompany, MaintenanceCompanyQuery>
      rowKey="companyId" rowName={(company) => company.companyName} useList={useProjectCompanies}
      columns={useCompanyColumns()} searchFields={useCompanySearchFields()}
      editor={{ dialog: CompanyFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (company) => t('operation.maintenance.company.deleteConfirm', { name: company.companyName }),
        run: (companies) => deleteCompanies(companies.map((company) => company.companyId)).unwrap(),
      }}
    />
  );
}
