import { Button } from 'antd';
import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeptRow } from '../shared/deptTree';
import { isCollapsedIn, useDeptTree } from './treeState';
import '../i18n';

/** Width of one level of the tree, in px. */
const INDENT = 20;

/** A node's name, indented by its depth, with the button that opens or closes its children. */
export default function DeptName({ dept }: { dept: DeptRow }) {
  const { t } = useTranslation();
  const { expansion, toggle } = useDeptTree();
  const collapsed = isCollapsedIn(expansion, dept.deptId);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, paddingLeft: dept.depth * INDENT }}>
      {dept.childCount > 0 ? (
        <Button
          type="text"
          size="small"
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'system.dept.expandOf' : 'system.dept.collapseOf', { name: dept.deptName })}
          icon={collapsed ? <CaretRightOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
          onClick={() => toggle(dept.deptId)}
        />
      ) : (
        <span aria-hidden style={{ display: 'inline-block', width: 24 }} />
      )}
      {dept.deptName}
    </span>
  );
}
