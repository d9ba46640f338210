import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfigValue } from '../app/configValues';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectMenuModule } from '../features/auth/authSlice';
import { switchMenuModule } from '../features/auth/session';
import { selectRouteTree } from '../features/menu/routesSlice';
import { dictLabel, useGetDictsQuery } from '../features/system/dictApi';
import { DATA_SCREEN_MODULE, firstPathOfModule, menuModulesOn } from '../routes/menu';
import { MENU_MODE_KEY } from './useVisibleMenu';

/** Dictionary type of the menu modules (spec section 3). */
export const MENU_MODULE_DICT = 'menu_module_type';

function ModuleSelect() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const menuModule = useAppSelector(selectMenuModule);
  const tree = useAppSelector(selectRouteTree);
  const { data: items = [] } = useGetDictsQuery(MENU_MODULE_DICT);
  const options = items
    .filter((item) => item.dictValue !== DATA_SCREEN_MODULE)
    .map((item) => ({ value: item.dictValue, label: dictLabel(item, i18n.language) }));

  const onChange = (value: string) => {
    void dispatch(switchMenuModule(value));
    void navigate(firstPathOfModule(tree, value));
  };

  return (
    <Select
      aria-label={t('layout.menuModule')}
      value={menuModule}
      options={options}
      onChange={onChange}
      style={{ minWidth: 128 }}
      popupMatchSelectWidth={false}
    />
  );
}

/** The menu-module switcher (spec section 2): only when sys.menu.mode is not '0'. */
export default function MenuModuleSwitch() {
  const menuMode = useConfigValue(MENU_MODE_KEY);
  return menuModulesOn(menuMode) ? <ModuleSelect /> : null;
}
