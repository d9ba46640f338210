import { useEffect } from 'react';
import { Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import type { EditorDialogProps } from '../../../../components/listPage';
import { useGetMaintenanceCompanyQuery, useSaveMaintenanceCompanyMutation } from '../../api';
import { COMPANY_ADDRESS_MAX, CONTACT_MAX, MAINTENANCE_NAME_MAX, MAINTENANCE_TEXT_MAX, maintenanceRules } from '../../rules';
import type { MaintenanceCompany } from '../../types';
import { toChange, toValues, type CompanyFormValues } from './formValues';
import '../../i18n';

/** A mobile number has 11 digits. */
const PHONE_LENGTH = 11;

/**
 * Adds or edits a maintenance company: its name (required, unique in the project), the
 * contact, a mobile phone (optional; 11 digits, 1 then 3 to 9), the address and a remark.
 * Editing reads the company afresh (GET /operation/maintenance/company/{id}).
 */
export default function CompanyFormDialog({ row: company, onClose }: EditorDialogProps<MaintenanceCompany>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyFormValues>();
  const rules = maintenanceRules(t);
  const { data: detail } = useGetMaintenanceCompanyQuery(company?.companyId ?? 0, { skip: !company, refetchOnMountOrArgChange: true });
  const [saveCompany] = useSaveMaintenanceCompanyMutation();

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: CompanyFormValues) => saveCompany({ ...toChange(values), companyId: company?.companyId }).unwrap();

  return (
    <FormDialog<CompanyFormValues> form={form} name="maintenanceCompany" editing={company !== undefined} onSave={save} onClose={onClose}
      title={company ? t('operation.maintenance.company.editTitle') : t('operation.maintenance.company.addTitle')} initialValues={company ? toValues(company) : undefined}>
      <Row gutter={16}>
        <FormField label={t('operation.maintenance.company.name')} name="companyName" rules={rules.companyName}>
          <Input maxLength={MAINTENANCE_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.company.contact')} name="contactName" rules={rules.contactName}>
          <Input maxLength={CONTACT_MAX} />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.company.phone')} name="phone" rules={rules.phone}>
          <Input maxLength={PHONE_LENGTH} inputMode="numeric" />
        </FormField>
        <FormField label={t('operation.maintenance.company.address')} name="address" rules={rules.address}>
          <Input maxLength={COMPANY_ADDRESS_MAX} />
        </FormField>
        <FormField label={t('operation.maintenance.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={MAINTENANCE_TEXT_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
