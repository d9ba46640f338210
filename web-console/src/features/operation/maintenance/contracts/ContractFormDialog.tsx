import { useEffect } from 'react';
import { DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import type { EditorDialogProps } from '../../../../components/listPage';
import { useGetMaintenanceContractQuery, useSaveMaintenanceContractMutation } from '../../api';
import { CONTRACT_NUMBER_MAX, MAINTENANCE_NAME_MAX, MAINTENANCE_TEXT_MAX, maintenanceRules } from '../../rules';
import type { MaintenanceContract } from '../../types';
import { useCompanyOptions } from '../useMaintenance';
import { DATE_FORMAT, toChange, toValues, type ContractFormValues } from './formValues';
import '../../i18n';

/** Days before today cannot be picked (a kept start that has passed stays as it is). */
const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/** Room for 999999999.99. */
const AMOUNT_LENGTH = 12;

/**
 * Adds or edits a contract: number (letters, digits, underscore, hyphen), name, company,
 * start and end dates (required, neither in the past, the start not after the end; an edit
 * may keep a start that has passed), amount (optional, at most two decimals) and remark.
 * Editing reads the contract afresh (GET /operation/maintenance/contract/{id}).
 */
export default function ContractFormDialog({ row: contract, onClose }: EditorDialogProps<MaintenanceContract>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContractFormValues>();
  const rules = maintenanceRules(t);
  const companies = useCompanyOptions();
  const { data: detail } = useGetMaintenanceContractQuery(contract?.contractId ?? 0, { skip: !contract, refetchOnMountOrArgChange: true });
  const [saveContract] = useSaveMaintenanceContractMutation();
  const start = Form.useWatch('startDate', form);
  // the start the contract has, which an edit may keep though it has passed
  const keptStart = (detail ?? contract)?.startDate || undefined;

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: ContractFormValues) => saveContract({ ...toChange(values), contractId: contract?.contractId }).unwrap();

  return (
    <FormDialog<ContractFormValues> size="half" form={form} name="maintenanceContract" editing={contract !== undefined} onSave={save} onClose={onClose}
      title={contract ? t('operation.maintenance.contract.editTitle') : t('operation.maintenance.contract.addTitle')}
      initialValues={contract ? toValues(contract) : undefined}>
      <Row gutter={16}>
        <FormField span={12} label={t('operation.maintenance.contract.number')} name="contractNumber" rules={rules.contractNumber}>
          <Input maxLength={CONTRACT_NUMBER_MAX} placeholder={t('operation.maintenance.contract.numberHint')} />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.contract.name')} name="contractName" rules={rules.contractName}>
          <Input maxLength={MAINTENANCE_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.contract.company')} name="companyId" rules={rules.company}>
          <Select showSearch optionFilterProp="label" loading={companies.loading} placeholder={t('common.choose')} options={companies.options} />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.contract.amount')} name="amount" rules={rules.amount}>
          <Input maxLength={AMOUNT_LENGTH} inputMode="decimal" />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.contract.startDate')} name="startDate" rules={rules.startDate(keptStart)} required>
          <DatePicker format={DATE_FORMAT} disabledDate={beforeToday} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('operation.maintenance.contract.endDate')} name="endDate" rules={rules.endDate} dependencies={['startDate']} required>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }}
            disabledDate={(day) => beforeToday(day) || (dayjs.isDayjs(start) && day.isBefore(start.startOf('day')))} />
        </FormField>
        <FormField label={t('operation.maintenance.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={MAINTENANCE_TEXT_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
