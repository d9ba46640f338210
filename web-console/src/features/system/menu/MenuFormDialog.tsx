import { Form, Input, InputNumber, Radio, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddMenuMutation, useGetMenusQuery, useUpdateMenuMutation } from '../menuApi';
import { MENU_COMPONENT_MAX, MENU_NAME_EN_MAX, MENU_NAME_MAX, MENU_PATH_MAX, MENU_PERMS_MAX, MENU_QUERY_MAX, menuRules, ORDER_MAX, ORDER_MIN } from '../rules';
import { useMenuModules, useNormalDisable, useShowHide } from '../shared/dicts';
import type { Menu, MenuType } from '../types';
import { HAS, newMenu, toChange, toValues, type MenuFormValues } from './formValues';
import IconPicker from './IconPicker';
import { parentOptions } from './menuTree';
import '../i18n';

export interface MenuFormDialogProps extends EditorDialogProps<Menu> {
  /** Adds a menu under this one ("add child"). */
  parent?: Menu;
}

const MENU_TYPES: readonly MenuType[] = ['M', 'C', 'F'];

/**
 * Adds or edits a menu (RuoYi's menu form): the parent (the top level, a directory or a menu),
 * the type, then the fields of that type: a directory has an icon and a route path, a menu
 * also a component, a permission, route parameters, cache and pinned tab, a button only its
 * permission. Every field is checked as the server checks it; once saved, the sidebar follows.
 */
export default function MenuFormDialog({ row: menu, parent, onClose }: MenuFormDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<MenuFormValues>();
  const { data: menus = [] } = useGetMenusQuery({});
  const [addMenu] = useAddMenuMutation();
  const [updateMenu] = useUpdateMenuMutation();
  const statuses = useNormalDisable();
  const visibles = useShowHide();
  const modules = useMenuModules();
  const initial = menu ? toValues(menu) : newMenu(parent);
  const type = Form.useWatch('menuType', form) ?? initial.menuType;
  const external = (Form.useWatch('isFrame', form) ?? initial.isFrame) === '0';
  const rules = menuRules(t, external);
  const yesNo = [
    { value: '0', label: t('common.yes') },
    { value: '1', label: t('common.no') },
  ];
  const pinned = [
    { value: '1', label: t('common.yes') },
    { value: '0', label: t('common.no') },
  ];
  const clients = ['0', '1'].map((value) => ({ value, label: t(`system.menu.clients.${value as '0'}`) }));

  const save = (values: MenuFormValues) => {
    const change = toChange(values, menu);
    return menu ? updateMenu({ ...change, menuId: menu.menuId }).unwrap() : addMenu(change).unwrap();
  };

  return (
    <FormDialog<MenuFormValues> form={form} size="half" name="menu" editing={menu !== undefined} onSave={save} onClose={onClose}
      title={menu ? t('system.menu.editTitle') : t('system.menu.addTitle')} initialValues={initial}>
      <Row gutter={16}>
        <FormField label={t('system.menu.parent')} name="parentId" rules={rules.parentId} required>
          <TreeSelect treeData={parentOptions(menus, i18n.language, t('system.menu.root'), menu?.menuId)} treeDefaultExpandedKeys={[0]} showSearch
            treeNodeFilterProp="title" placeholder={t('common.choose')} />
        </FormField>
        <FormField label={t('system.menu.type')} name="menuType">
          <Radio.Group options={MENU_TYPES.map((value) => ({ value, label: t(`system.menu.types.${value}`) }))} />
        </FormField>
        {HAS.icon(type) ? (
          <FormField label={t('system.menu.icon')} name="icon" rules={rules.icon}>
            <IconPicker />
          </FormField>
        ) : null}
        <FormField span={12} label={t('system.menu.nameZh')} name="menuName" rules={rules.menuName} required>
          <Input maxLength={MENU_NAME_MAX} placeholder={t('system.menu.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('system.menu.nameEn')} name="menuNameEn" rules={rules.menuNameEn} tooltip={t('system.menu.nameEnHint')}>
          <Input maxLength={MENU_NAME_EN_MAX} />
        </FormField>
        <FormField span={12} label={t('system.menu.orderNum')} name="orderNum" rules={rules.orderNum} required>
          <InputNumber min={ORDER_MIN} max={ORDER_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        {HAS.path(type) ? (
          <FormField span={12} label={t('system.menu.isFrame')} name="isFrame">
            <Radio.Group options={yesNo} />
          </FormField>
        ) : null}
        {HAS.path(type) ? (
          <FormField span={12} label={external ? t('system.menu.link') : t('system.menu.path')} name="path" rules={rules.path} required
            tooltip={t('system.menu.pathHint')}>
            <Input maxLength={MENU_PATH_MAX} autoComplete="off" />
          </FormField>
        ) : null}
        {HAS.component(type) ? (
          <FormField span={12} label={t('system.menu.component')} name="component" rules={rules.component} tooltip={t('system.menu.componentHint')}>
            <Input maxLength={MENU_COMPONENT_MAX} autoComplete="off" />
          </FormField>
        ) : null}
        {HAS.perms(type) ? (
          <FormField span={12} label={t('system.menu.perms')} name="perms" rules={rules.perms} tooltip={t('system.menu.permsHint')}>
            <Input maxLength={MENU_PERMS_MAX} autoComplete="off" />
          </FormField>
        ) : null}
        {HAS.component(type) ? (
          <FormField span={12} label={t('system.menu.query')} name="query" rules={rules.query} tooltip={t('system.menu.queryHint')}>
            <Input maxLength={MENU_QUERY_MAX} autoComplete="off" />
          </FormField>
        ) : null}
        {HAS.pageSwitches(type) ? (
          <FormField span={12} label={t('system.menu.isCache')} name="isCache">
            <Radio.Group options={yesNo} />
          </FormField>
        ) : null}
        {HAS.pageSwitches(type) ? (
          <FormField span={12} label={t('system.menu.affix')} name="affix" tooltip={t('system.menu.affixHint')}>
            <Radio.Group options={pinned} />
          </FormField>
        ) : null}
        {HAS.display(type) ? (
          <FormField span={12} label={t('system.menu.visible')} name="visible">
            <Radio.Group options={visibles} />
          </FormField>
        ) : null}
        {HAS.display(type) ? (
          <FormField span={12} label={t('system.menu.status')} name="status">
            <Radio.Group options={statuses} />
          </FormField>
        ) : null}
        <FormField span={12} label={t('system.menu.client')} name="client">
          <Radio.Group options={clients} />
        </FormField>
        <FormField span={12} label={t('system.menu.menuModule')} name="menuModule">
          <Select options={modules} placeholder={t('common.choose')} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
