import type { MaintenanceCompany, MaintenanceCompanyChange } from '../../types';

/** The company dialog's fields. */
export interface CompanyFormValues {
  companyName: string;
  contactName?: string;
  phone?: string;
  address?: string;
  remark?: string;
}

export function toValues(company: MaintenanceCompany): CompanyFormValues {
  return {
    companyName: company.companyName,
    contactName: company.contactName,
    phone: company.phone,
    address: company.address,
    remark: company.remark,
  };
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The body the server takes: texts trimmed, an empty field as "". */
export function toChange(values: CompanyFormValues): MaintenanceCompanyChange {
  return {
    companyName: trimmed(values.companyName),
    contactName: trimmed(values.contactName),
    phone: trimmed(values.phone),
    address: trimmed(values.address),
    remark: trimmed(values.remark),
  };
}
