import { useEffect } from 'react';
import { Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddCombinedSceneMutation, useGetCombinedSceneQuery, useUpdateCombinedSceneMutation } from '../api';
import { combinedSceneRules, REMARK_MAX, SCENE_NAME_MAX, SINGLE, SYNCHRONOUS } from '../rules';
import { useSceneChoices } from '../shared/choices';
import type { CombinedScene } from '../types';
import { useExecutionModes, useRepeatModes } from './columns';
import { asExecutionMode, asRepeatMode, NEW_COMBINED_SCENE, recheckMembers, toChange, toValues, type CombinedSceneFormValues } from './formValues';
import MemberEditor from './MemberEditor';
import '../i18n';

/**
 * Adds or edits a combined scene: name, execution mode (synchronous: every member for the
 * task's whole run; sequential: one after another, each for its minutes), repeat (single: the
 * last member then holds; cycle: back to the first; only for a sequence), its power scenes in
 * order, remark. The rules mirror the server's, in its words (name 1 to 30 characters, 2 to 20
 * members, each once when synchronous, 5 to 1440 minutes each in a sequence); an edit while an
 * enabled task uses the scene is refused by the server, whose message shows.
 */
export default function CombinedSceneFormDialog({ row: scene, onClose }: EditorDialogProps<CombinedScene>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CombinedSceneFormValues>();
  const rules = combinedSceneRules(t);
  const executionModes = useExecutionModes();
  const repeatModes = useRepeatModes();
  const { data: detail } = useGetCombinedSceneQuery(scene?.sceneId ?? 0, { skip: !scene, refetchOnMountOrArgChange: true });
  const { choices: scenes, loading } = useSceneChoices(detail?.members ?? []);
  const [addScene] = useAddCombinedSceneMutation();
  const [updateScene] = useUpdateCombinedSceneMutation();
  const executionMode = Form.useWatch('executionMode', form);
  const repeatMode = Form.useWatch('repeatMode', form);
  const synchronous = executionMode === SYNCHRONOUS;

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = async (values: CombinedSceneFormValues) => {
    const change = toChange(values);
    if (scene) await updateScene({ ...change, sceneId: scene.sceneId }).unwrap();
    else await addScene(change).unwrap();
  };

  const repeatHint = synchronous
    ? t('lighting.combinedScene.repeatOnlySequential')
    : repeatMode
      ? t(`lighting.combinedScene.repeatHints.${repeatMode}`)
      : undefined;

  return (
    <FormDialog<CombinedSceneFormValues> size="half" form={form} name="combinedScene" editing={scene !== undefined} onSave={save} onClose={onClose}
      title={scene ? t('lighting.combinedScene.editTitle') : t('lighting.combinedScene.addTitle')}
      initialValues={
        scene
          ? { sceneName: scene.sceneName, executionMode: asExecutionMode(scene.executionMode), repeatMode: asRepeatMode(scene.repeatMode), remark: scene.remark, members: [] }
          : NEW_COMBINED_SCENE
      }>
      <Form.Item label={t('lighting.combinedScene.name')} name="sceneName" rules={rules.sceneName} required>
        <Input maxLength={SCENE_NAME_MAX} placeholder={t('lighting.combinedScene.namePlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <FormField span={12} label={t('lighting.combinedScene.executionMode')} name="executionMode" rules={rules.executionMode} required
          extra={executionMode ? t(`lighting.combinedScene.executionHints.${executionMode}`) : undefined}>
          <Radio.Group options={executionModes}
            onChange={(event) => {
              // at once, the repeat means nothing: single, so that the list does not speak of a cycle
              if (event.target.value === SYNCHRONOUS) form.setFieldValue('repeatMode', SINGLE);
              recheckMembers(form);
            }} />
        </FormField>
        <FormField span={12} label={t('lighting.combinedScene.repeatMode')} name="repeatMode" rules={rules.repeatMode} required extra={repeatHint}>
          <Radio.Group options={repeatModes} disabled={synchronous} />
        </FormField>
      </Row>
      <MemberEditor scenes={scenes} loadingScenes={loading} />
      <Form.Item label={t('lighting.combinedScene.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
