import { useEffect } from 'react';
import { Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import type { EditorDialogProps } from '../../../../components/listPage';
import { useGetInspectionRouteQuery, useSaveInspectionRouteMutation } from '../../api';
import { INSPECTION_NAME_MAX, INSPECTION_REMARK_MAX, inspectionRules } from '../../rules';
import type { InspectionRoute } from '../../types';
import { NEW_ROUTE, toChange, toValues, type RouteFormValues } from './formValues';
import PointsEditor from './PointsEditor';
import '../../i18n';

/**
 * Adds or edits a route: its name, 1 to 100 points in the order walked (devices and
 * addresses of the project) and a remark. Editing reads the route afresh.
 */
export default function RouteFormDialog({ row: route, onClose }: EditorDialogProps<InspectionRoute>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RouteFormValues>();
  const rules = inspectionRules(t);
  const { data: detail } = useGetInspectionRouteQuery(route?.routeId ?? 0, { skip: !route, refetchOnMountOrArgChange: true });
  const [saveRoute] = useSaveInspectionRouteMutation();

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: RouteFormValues) => saveRoute({ ...toChange(values), routeId: route?.routeId }).unwrap();

  return (
    <FormDialog<RouteFormValues> size="half" form={form} name="inspectionRoute" editing={route !== undefined} onSave={save} onClose={onClose}
      title={route ? t('operation.inspection.route.editTitle') : t('operation.inspection.route.addTitle')} initialValues={route ? toValues(route) : NEW_ROUTE}>
      <Row gutter={16}>
        <FormField label={t('operation.inspection.route.name')} name="routeName" rules={rules.routeName}>
          <Input maxLength={INSPECTION_NAME_MAX} />
        </FormField>
        <FormField label={t('operation.inspection.route.points')} name="points" rules={rules.points} required tooltip={t('operation.inspection.route.order')}>
          <PointsEditor />
        </FormField>
        <FormField label={t('operation.inspection.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={INSPECTION_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
