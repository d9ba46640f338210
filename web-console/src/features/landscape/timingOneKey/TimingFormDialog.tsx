import { Alert, DatePicker, Form, Input, Radio, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { useGetSiteQuery } from '../../lighting/api';
import { useAddTimingOneKeyMutation } from '../api';
import { isBeforeDay, TIMING_PICKER_FORMAT, TIMING_REMARK_MAX, timingRules, wallNow } from '../rules';
import type { TimingOneKey, TimingSwitchState } from '../types';
import { toChange, type TimingFormValues } from './formValues';
import '../i18n';

const SWITCH_STATES: readonly TimingSwitchState[] = ['1', '0'];
/** The time part of the pickers: hours and minutes, as the server keeps them. */
const SHOW_TIME = { format: 'HH:mm' };

/**
 * Adds a timing one-key: on or off, start and end (wall times of the project's zone, the
 * site's; the start not in the past, the end after it, at most 366 days), remark. The zone is
 * the site's (lighting/site) when the user may read it, else the browser's.
 */
export default function TimingFormDialog({ onClose }: EditorDialogProps<TimingOneKey>) {
  const { t } = useTranslation();
  const access = useAccess();
  const [form] = Form.useForm<TimingFormValues>();
  const { data: site } = useGetSiteQuery(undefined, { skip: !access.hasPermi(['lighting:task:query']) });
  const zone = site?.timeZone;
  const now = () => wallNow(zone);
  const today = () => now().slice(0, 10);
  const rules = timingRules(t, now);
  const start = Form.useWatch('startTime', form);
  const [addTiming] = useAddTimingOneKeyMutation();
  const save = (values: TimingFormValues) => addTiming(toChange(values)).unwrap();

  return (
    <FormDialog<TimingFormValues> form={form} name="timingOneKey" title={t('landscape.timingOneKey.addTitle')} onSave={save} onClose={onClose}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={zone ? t('landscape.timingOneKey.note.zoneOf', { zone }) : t('landscape.timingOneKey.note.zone')}
        description={t('landscape.timingOneKey.note.reissue')}
      />
      <Row gutter={16}>
        <FormField label={t('landscape.timingOneKey.switchState')} name="switchState" rules={rules.switchState}>
          <Radio.Group options={SWITCH_STATES.map((value) => ({ value, label: t(`landscape.timingOneKey.switchStates.${value}`) }))} />
        </FormField>
        <FormField span={12} label={t('landscape.timingOneKey.startTime')} name="startTime" rules={rules.startTime}>
          <DatePicker showTime={SHOW_TIME} showNow={false} format={TIMING_PICKER_FORMAT} placeholder={t('landscape.timingOneKey.pickTime')}
            disabledDate={(day) => isBeforeDay(day, today())} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('landscape.timingOneKey.endTime')} name="endTime" rules={rules.endTime} dependencies={['startTime']}>
          <DatePicker showTime={SHOW_TIME} showNow={false} format={TIMING_PICKER_FORMAT} placeholder={t('landscape.timingOneKey.pickTime')}
            disabledDate={(day) => isBeforeDay(day, today()) || (dayjs.isDayjs(start) && isBeforeDay(day, start.format('YYYY-MM-DD')))}
            style={{ width: '100%' }} />
        </FormField>
        <FormField label={t('landscape.timingOneKey.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={TIMING_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
