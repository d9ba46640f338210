import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteAddressMutation } from '../addressApi';
import type { Address, AddressQuery } from '../types';
import AddressFormDialog from './AddressFormDialog';
import { useAddressList } from './addressList';
import type { AddressRow } from './addressTree';
import { useAddressColumns, useAddressSearchFields } from './columns';
import '../i18n';

/**
 * The selected project's addresses (`project/address/index`): a tree table of
 * GET /project/address/list searched by name; add, add a child, edit (the parent picked from
 * the tree), delete after a confirmation.
 */
export default function AddressPage() {
  const { t } = useTranslation();
  const [addingUnder, setAddingUnder] = useState<Address | undefined>();
  const [deleteAddress] = useDeleteAddressMutation();
  const actions: RowAction<AddressRow>[] = [
    {
      key: 'addChild',
      label: t('project.address.addChild'),
      permission: 'project:address:add',
      icon: <PlusOutlined aria-hidden />,
      ariaLabel: (address) => t('project.address.addChildOf', { name: address.addressName }),
      run: (address) => setAddingUnder(address),
    },
  ];

  return (
    <ListPage<AddressRow, AddressQuery>
      expandable rowKey="addressId" rowName={(address) => address.addressName} useList={useAddressList}
      columns={useAddressColumns()} searchFields={useAddressSearchFields()} rowActions={actions}
      editor={{ dialog: AddressFormDialog, add: 'project:address:add', edit: 'project:address:edit' }}
      remove={{
        permission: 'project:address:remove',
        batch: false,
        question: (address) => t('project.address.deleteConfirm', { name: address.addressName }),
        run: async (addresses) => {
          for (const address of addresses) await deleteAddress(address.addressId).unwrap();
        },
      }}
    >
      {addingUnder ? <AddressFormDialog parent={addingUnder} onClose={() => setAddingUnder(undefined)} /> : null}
    </ListPage>
  );
}
