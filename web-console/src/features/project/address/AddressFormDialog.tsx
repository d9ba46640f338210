import { Input, InputNumber, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddAddressMutation, useGetAddressesQuery, useUpdateAddressMutation } from '../addressApi';
import { ADDRESS_NAME_MAX, ADDRESS_ORDER_MAX, ADDRESS_ORDER_MIN, ADDRESS_REMARK_MAX, addressRules } from '../rules';
import type { Address } from '../types';
import { parentOptions } from './addressTree';
import { newAddress, toChange, toValues, type AddressFormValues } from './formValues';
import '../i18n';

export interface AddressFormDialogProps extends EditorDialogProps<Address> {
  /** Adds an address under this one ("add child"). */
  parent?: Address;
}

/**
 * Adds or edits an address. The parent is chosen from the project's tree without the address
 * itself and what is under it; none makes a root. The server refuses to move an address that
 * has children (spec section 5) and says so.
 */
export default function AddressFormDialog({ row: address, parent, onClose }: AddressFormDialogProps) {
  const { t } = useTranslation();
  const rules = addressRules(t);
  const { data: all = [] } = useGetAddressesQuery({});
  const [addAddress] = useAddAddressMutation();
  const [updateAddress] = useUpdateAddressMutation();

  const save = (values: AddressFormValues) => {
    const change = toChange(values);
    return address ? updateAddress({ ...change, addressId: address.addressId }).unwrap() : addAddress(change).unwrap();
  };

  return (
    <FormDialog<AddressFormValues> size="half" name="address" editing={address !== undefined} onSave={save} onClose={onClose}
      title={address ? t('project.address.editTitle') : t('project.address.addTitle')}
      initialValues={address ? toValues(address) : newAddress(parent?.addressId)}>
      <Row gutter={16}>
        <FormField label={t('project.address.parent')} name="parentId">
          <TreeSelect treeData={parentOptions(all, address?.addressId)} treeDefaultExpandAll showSearch treeNodeFilterProp="title"
            allowClear placeholder={t('project.address.rootPlaceholder')} />
        </FormField>
        <FormField span={12} label={t('project.address.name')} name="addressName" rules={rules.addressName} required>
          <Input maxLength={ADDRESS_NAME_MAX} placeholder={t('project.address.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('project.address.orderNum')} name="orderNum" rules={rules.orderNum} required>
          <InputNumber min={ADDRESS_ORDER_MIN} max={ADDRESS_ORDER_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField label={t('project.address.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={ADDRESS_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
