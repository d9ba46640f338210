import { DatePicker, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/formDialog';
import { PERSON_MAX, recordRules, REMARK_MAX } from '../rules';
import '../i18n';

/** The record dialogs' common fields: the person, the date (today unless chosen) and a remark. */
export default function RecordFields() {
  const { t } = useTranslation();
  const rules = recordRules(t);
  return (
    <>
      <FormField span={12} label={t('asset.action.person')} name="person" rules={rules.person}>
        <Input maxLength={PERSON_MAX} />
      </FormField>
      <FormField span={12} label={t('asset.action.recordDate')} name="recordDate" rules={rules.recordDate}>
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </FormField>
      <FormField label={t('asset.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={3} />
      </FormField>
    </>
  );
}
