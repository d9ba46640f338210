import { useEffect } from 'react';
import { Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddSceneMutation, useGetSceneQuery, useUpdateSceneMutation } from '../api';
import { REMARK_MAX, SCENE_NAME_MAX, sceneRules } from '../rules';
import { useGatewayChoices } from '../shared/choices';
import type { Scene } from '../types';
import { useSceneTypes } from './columns';
import { NEW_SCENE, toChange, toValues, type SceneFormValues } from './formValues';
import LoopEditor from './LoopEditor';
import '../i18n';

/**
 * Adds or edits a power scene: name, type (default or custom), remark and its loops; the
 * rules mirror the server's (name 1 to 30 characters, 1 to 512 loops, each (gateway, loop)
 * once, brightness a whole number 1 to 100 while on).
 */
export default function SceneFormDialog({ row: scene, onClose }: EditorDialogProps<Scene>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SceneFormValues>();
  const rules = sceneRules(t);
  const types = useSceneTypes();
  const { data: detail } = useGetSceneQuery(scene?.sceneId ?? 0, { skip: !scene, refetchOnMountOrArgChange: true });
  const { choices: gateways, loading } = useGatewayChoices(detail?.loops ?? []);
  const [addScene] = useAddSceneMutation();
  const [updateScene] = useUpdateSceneMutation();

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = async (values: SceneFormValues) => {
    const change = toChange(values);
    if (scene) await updateScene({ ...change, sceneId: scene.sceneId }).unwrap();
    else await addScene(change).unwrap();
  };

  return (
    <FormDialog<SceneFormValues> size="half" form={form} name="scene" editing={scene !== undefined} onSave={save} onClose={onClose}
      title={scene ? t('lighting.scene.editTitle') : t('lighting.scene.addTitle')}
      initialValues={scene ? { sceneName: scene.sceneName, sceneType: scene.sceneType, remark: scene.remark, loops: [] } : NEW_SCENE}>
      <Row gutter={16}>
        <FormField span={12} label={t('lighting.scene.name')} name="sceneName" rules={rules.sceneName} required>
          <Input maxLength={SCENE_NAME_MAX} placeholder={t('lighting.scene.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('lighting.scene.type')} name="sceneType" rules={rules.sceneType} required>
          <Select options={types} />
        </FormField>
      </Row>
      <LoopEditor gateways={gateways} loadingGateways={loading} />
      <Form.Item label={t('lighting.scene.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
