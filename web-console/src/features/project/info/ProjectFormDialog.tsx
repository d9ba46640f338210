import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import FileUpload from '../../../components/FileUpload';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddProjectMutation, useGetCitiesQuery, useUpdateProjectMutation } from '../infoApi';
import {
  ENERGY_INTERVAL,
  MAP_LEVEL_MAX,
  MAP_LEVEL_MIN,
  MAX_CAROUSEL,
  MAX_MODULES,
  PROJECT_ADDRESS_MAX,
  PROJECT_NAME_MAX,
  PROJECT_NUMBER_MAX,
  PROJECT_ORGANIZATION_MAX,
  PROJECT_REMARK_MAX,
  PROJECT_TEXT_MAX,
  STATE_INTERVAL,
  projectRules,
} from '../rules';
import type { Project } from '../types';
import { firstFreePosition, NEW_PROJECT, toChange, toValues, type ProjectFormValues } from './formValues';
import { useProjectChoices } from './choices';
import '../i18n';

const POSITIONS = Array.from({ length: MAX_MODULES }, (_unused, index) => ({ value: index + 1, label: String(index + 1) }));


/**
 * Adds or edits a project with every field of spec section 3: the core (name, code, city,
 * principal), the label-level fields, the map, the pictures (paths of stored files), the
 * home page's modules (at most 6, positions not repeated) and the IOT push intervals. A row
 * of the list holds every field. The rules mirror the server's, which checks again.
 */
export default function ProjectFormDialog({ row: project, onClose }: EditorDialogProps<Project>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectFormValues>();
  const rules = projectRules(t);
  const choices = useProjectChoices();
  const { data: cities = [] } = useGetCitiesQuery();
  const [addProject] = useAddProjectMutation();
  const [updateProject] = useUpdateProjectMutation();
  const modules = Form.useWatch('modules', form) ?? [];

  const save = async (values: ProjectFormValues) => {
    const change = toChange(values);
    if (project) await updateProject({ ...change, id: project.id }).unwrap();
    else await addProject(change).unwrap();
  };

  const cityOptions = cities.map((city) => ({ value: city.cityCode, label: `${city.cityName}（${city.provinceName}）` }));

  return (
    <FormDialog<ProjectFormValues> size="half" form={form} name="project" editing={project !== undefined} onSave={save} onClose={onClose}
      title={project ? t('project.info.editTitle') : t('project.info.addTitle')} initialValues={project ? toValues(project) : NEW_PROJECT}>
      <Row gutter={16}>
        <FormField span={12} label={t('project.name')} name="projectName" rules={rules.projectName} required>
          <Input maxLength={PROJECT_NAME_MAX} placeholder={t('project.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('project.number')} name="projectNumber" rules={rules.projectNumber} required>
          <Input maxLength={PROJECT_NUMBER_MAX} />
        </FormField>
        <FormField span={12} label={t('project.city')} name="cityCode">
          <Select showSearch allowClear options={cityOptions} optionFilterProp="label" placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('project.principal')} name="projectUserName" rules={rules.text}>
          <Input maxLength={PROJECT_TEXT_MAX} />
        </FormField>
        <FormField span={12} label={t('project.info.phone')} name="phone" rules={rules.phone}>
          <Input maxLength={11} />
        </FormField>
        <FormField span={12} label={t('project.info.organization')} name="organization" rules={rules.organization}>
          <Input maxLength={PROJECT_ORGANIZATION_MAX} />
        </FormField>
        <FormField label={t('project.info.address')} name="address" rules={rules.address} required>
          <Input maxLength={PROJECT_ADDRESS_MAX} />
        </FormField>
        <FormField span={12} label={t('project.info.status')} name="status">
          <Select options={choices.status} />
        </FormField>
        <FormField span={12} label={t('project.info.acceptance')} name="acceptance">
          <Select options={choices.acceptance} />
        </FormField>
        <FormField span={12} label={t('project.info.startTime')} name="startTime">
          <Input type="date" />
        </FormField>
        <FormField span={12} label={t('project.info.contractNumber')} name="contractNumber" rules={rules.text}>
          <Input maxLength={PROJECT_TEXT_MAX} />
        </FormField>
        <FormField span={12} label={t('project.info.mapMode')} name="mapMode">
          <Radio.Group options={choices.mapMode} />
        </FormField>
        <FormField span={12} label={t('project.info.mapLevel')} name="mapLevel">
          <InputNumber min={MAP_LEVEL_MIN} max={MAP_LEVEL_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('project.info.longitude')} name="longitude" rules={rules.location}>
          <InputNumber min={-180} max={180} precision={6} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('project.info.latitude')} name="latitude" rules={rules.location}>
          <InputNumber min={-90} max={90} precision={6} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('project.info.menuLogo')} name="menuLogo" extra={t('project.info.logoHint')}>
          <FileUpload type={1} />
        </FormField>
        <FormField span={12} label={t('project.info.menuLogoStatus')} name="menuLogoStatus" valuePropName="checked">
          <Switch />
        </FormField>
        <FormField span={12} label={t('project.info.planPicture')} name="planPicture">
          <FileUpload type={1} />
        </FormField>
        <FormField span={12} label={t('project.info.carouselPictures')} name="carouselPictures">
          <FileUpload type={1} multiple maxCount={MAX_CAROUSEL} />
        </FormField>
        <FormField span={12} label={t('project.info.iotStateInterval')} name="iotStateInterval">
          <InputNumber min={STATE_INTERVAL[0]} max={STATE_INTERVAL[1]} precision={0} style={{ width: '100%' }} addonAfter={t('project.info.seconds')} />
        </FormField>
        <FormField span={12} label={t('project.info.iotEnergyInterval')} name="iotEnergyInterval">
          <InputNumber min={ENERGY_INTERVAL[0]} max={ENERGY_INTERVAL[1]} precision={0} style={{ width: '100%' }} addonAfter={t('project.info.seconds')} />
        </FormField>
      </Row>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('project.info.modules', { max: MAX_MODULES })}</legend>
        <Form.List name="modules" rules={rules.modules}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'position']} label={t('project.info.positionN', { index: index + 1 })}>
                    <Select options={POSITIONS} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'moduleCode']} label={t('project.info.moduleN', { index: index + 1 })}>
                    <Select options={choices.modules} style={{ width: 160 }} />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={t('project.info.removeModule', { index: index + 1 })} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={modules.length >= MAX_MODULES}
                onClick={() => add({ position: firstFreePosition(modules.map((m) => m?.position)) })}>
                {t('project.info.addModule')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </fieldset>
      <Form.Item label={t('project.info.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={PROJECT_REMARK_MAX} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
