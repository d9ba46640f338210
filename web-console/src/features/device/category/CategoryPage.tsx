import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteDeviceCategoriesMutation, useGetDeviceCategoriesQuery } from '../api';
import type { EquipmentCategory, EquipmentCategoryQuery } from '../types';
import CategoryFormDialog from './CategoryFormDialog';
import { useCategoryColumns, useCategorySearchFields } from './columns';
import '../i18n';

/**
 * Equipment categories (`device/category/index`): search by name and code, page, add, edit,
 * delete after confirmation (the server refuses, code 500, while a category has types).
 */
export default function CategoryPage() {
  const { t } = useTranslation();
  const [deleteCategories] = useDeleteDeviceCategoriesMutation();
  return (
    <ListPage<EquipmentCategory, EquipmentCategoryQuery>
      rowKey="categoryId" rowName={(category) => category.categoryName} useList={useGetDeviceCategoriesQuery}
      columns={useCategoryColumns()} searchFields={useCategorySearchFields()}
      editor={{ dialog: CategoryFormDialog, add: 'device:category:add', edit: 'device:category:edit' }}
      remove={{
        permission: 'device:category:remove',
        question: (category) => t('device.category.deleteConfirm', { name: category.categoryName }),
        run: (categories) => deleteCategories(categories.map((category) => category.categoryId)).unwrap(),
      }}
    />
  );
}
