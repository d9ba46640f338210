import { useEffect, useState } from 'react';
import { Form, Input, Row, Select, Spin, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddDeviceGroupMutation, useGetDeviceGroupQuery, useUpdateDeviceGroupMutation } from '../api';
import { GROUP_DEVICES_MAX, GROUP_NAME_MAX, groupRules, REMARK_MAX } from '../rules';
import { useDeviceChoices } from '../shared/choices';
import type { DeviceGroup, DeviceGroupDetail } from '../types';
import { toChange, toValues, type GroupFormValues } from './formValues';
import '../i18n';

const NO_DEVICES: DeviceGroupDetail['devices'] = [];

/** The chosen devices shown by name; the rest are counted. */
const TAGS_SHOWN = 50;

/**
 * Adds or edits a device group: its name, remark and devices (at most 1,000), picked by name or
 * code among the project's first 500 and those the group holds. Editing reads the group afresh:
 * the form waits for its devices, and refuses to save before they are in (a save would
 * otherwise empty the group).
 */
export default function GroupFormDialog({ row: group, onClose }: EditorDialogProps<DeviceGroup>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupFormValues>();
  const { data: detail, isFetching } = useGetDeviceGroupQuery(group?.groupId ?? 0, { skip: !group, refetchOnMountOrArgChange: true });
  // the detail as first read: later answers do not undo what was chosen
  const [read, setRead] = useState<DeviceGroupDetail | undefined>();
  if (group && !read && detail && !isFetching) setRead(detail);
  const waiting = group !== undefined && read === undefined;
  const devices = useDeviceChoices(read?.devices ?? NO_DEVICES);
  const [addGroup] = useAddDeviceGroupMutation();
  const [updateGroup] = useUpdateDeviceGroupMutation();
  const rules = groupRules(t);
  const loaded: FormRule = () => ({
    validator: () => (waiting ? Promise.reject(new Error(t('device.group.waitDevices'))) : Promise.resolve()),
  });

  useEffect(() => {
    if (!read) return;
    form.setFieldsValue(toValues(read));
    // a save tried while waiting said so: its devices are in now
    if (form.getFieldError('deviceIds').length > 0) void form.validateFields(['deviceIds']).catch(() => undefined);
  }, [form, read]);

  const save = (values: GroupFormValues) =>
    group ? updateGroup({ ...toChange(values), groupId: group.groupId }).unwrap() : addGroup(toChange(values)).unwrap();

  return (
    <FormDialog<GroupFormValues> size="half" form={form} name="deviceGroup" editing={group !== undefined} onSave={save} onClose={onClose}
      title={group ? t('device.group.editTitle') : t('device.group.addTitle')}
      initialValues={group ? { groupName: group.groupName, remark: group.remark ?? '' } : { deviceIds: [] }}>
      <Spin spinning={waiting}>
        <Row gutter={16}>
          <FormField label={t('device.group.name')} name="groupName" rules={rules.groupName} required>
            <Input maxLength={GROUP_NAME_MAX} placeholder={t('device.group.namePlaceholder')} />
          </FormField>
          <FormField label={t('device.group.devices')} name="deviceIds" rules={[...rules.deviceIds, loaded]}
            extra={t('device.group.devicesHint', { max: GROUP_DEVICES_MAX })}>
            <Select<number[]> mode="multiple" showSearch optionFilterProp="label" allowClear loading={devices.loading || waiting}
              options={devices.choices} maxTagCount={TAGS_SHOWN} placeholder={t('device.group.devicesPlaceholder')} />
          </FormField>
          <FormField label={t('device.group.remark')} name="remark" rules={rules.remark}>
            <Input.TextArea maxLength={REMARK_MAX} rows={3} />
          </FormField>
        </Row>
      </Spin>
    </FormDialog>
  );
}
