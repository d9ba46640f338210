import { useState } from 'react';
import { Form, Input, InputNumber, Radio, Row, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddAreaMutation, useUpdateAreaMutation } from '../areaApi';
import { ADDRESS_ORDER_MAX, AREA_MIN_POINTS, AREA_NAME_MAX } from '../rules';
import type { PlanArea, PlanPoint } from '../types';
import { NEW_AREA, TYPE_COLOURS, toChange, toValues, type AreaFormValues } from './formValues';
import PlanDrawer from './PlanDrawer';
import { usePlan } from './usePlan';
import '../i18n';

/**
 * Adds or edits an area or building: name, type, colour, order, remark, and its outline drawn
 * on the plan picture. Saving needs a finished outline: "An area must be drawn first" before
 * one is drawn, "finish editing before other actions" while one is being drawn.
 */
export default function AreaFormDialog({ row: area, onClose }: EditorDialogProps<PlanArea>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AreaFormValues>();
  const [drawing, setDrawing] = useState<PlanPoint[] | null>(null);
  const [addArea] = useAddAreaMutation();
  const [updateArea] = useUpdateAreaMutation();
  const { picture, areas } = usePlan();
  const colour = Form.useWatch('colour', form) ?? NEW_AREA.colour;

  const pointsRule: FormRule = {
    validator: (_rule, points: PlanPoint[] | undefined) => {
      if (drawing) return Promise.reject(new Error(t('project.area.rules.finishEditing')));
      if (!points || points.length < AREA_MIN_POINTS) return Promise.reject(new Error(t('project.area.rules.notDrawn')));
      return Promise.resolve();
    },
  };
  const save = async (values: AreaFormValues) => {
    const change = toChange(values);
    if (area) await updateArea({ ...change, areaId: area.areaId }).unwrap();
    else await addArea(change).unwrap();
  };
  const others = areas
    .filter((other) => other.areaId !== area?.areaId)
    .map((other) => ({ key: other.areaId, name: other.areaName, points: other.points, colour: other.colour }));

  return (
    <FormDialog<AreaFormValues> size="half" form={form} name="area" editing={area !== undefined} onSave={save} onClose={onClose}
      title={area ? t('project.area.editTitle') : t('project.area.addTitle')} initialValues={area ? toValues(area) : NEW_AREA}>
      <Row gutter={16}>
        <FormField span={12} label={t('project.area.name')} name="areaName" required
          rules={[{ required: true, whitespace: true, message: t('project.area.rules.name') }, { max: AREA_NAME_MAX, message: t('project.area.rules.name') }]}>
          <Input maxLength={AREA_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('project.area.type')} name="areaType">
          <Radio.Group
            options={[{ value: '1', label: t('project.area.types.1') }, { value: '2', label: t('project.area.types.2') }]}
            onChange={(event) => form.setFieldValue('colour', TYPE_COLOURS[event.target.value as string] ?? NEW_AREA.colour)}
          />
        </FormField>
        <FormField span={12} label={t('project.area.colour')} name="colour">
          <Input type="color" style={{ width: 80 }} />
        </FormField>
        <FormField span={12} label={t('project.area.order')} name="orderNum">
          <InputNumber min={0} max={ADDRESS_ORDER_MAX} precision={0} />
        </FormField>
        <FormField label={t('project.area.outline')} name="points" rules={[pointsRule]} required>
          {picture ? (
            <PlanDrawer picture={picture} others={others} colour={colour} drawing={drawing} onDrawing={setDrawing} />
          ) : (
            <span>{t('project.area.noPlan')}</span>
          )}
        </FormField>
        <FormField label={t('project.area.remark')} name="remark">
          <Input maxLength={255} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
