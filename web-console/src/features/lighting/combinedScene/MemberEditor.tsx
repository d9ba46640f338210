import { Button, Flex, Form, InputNumber, Select, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMBINED_MEMBERS_MAX, combinedSceneRules, isMemberMinutes, isRepeatedMember, MEMBER_MINUTES_MAX, MEMBER_MINUTES_MIN, SEQUENTIAL, SYNCHRONOUS } from '../rules';
import type { SceneChoice } from '../shared/choices';
import { membersOf, NEW_MEMBER, recheckMembers, roundMinutes, type CombinedSceneFormValues, type MemberRowValues } from './formValues';
import '../i18n';

export interface MemberEditorProps {
  /** The project's power scenes. */
  scenes: readonly SceneChoice[];
  loadingScenes: boolean;
}

const COLUMNS = { scene: 3, minutes: 1 } as const;

/**
 * A combined scene's members in order: rows of (power scene, its minutes while sequential),
 * added, moved up and down, removed; 2 to 20 of them, each scene once when synchronous, each
 * lasting a whole number of 5 to 1440 minutes in a sequence.
 */
export default function MemberEditor({ scenes, loadingScenes }: MemberEditorProps) {
  const { t } = useTranslation();
  const rules = combinedSceneRules(t);
  const form = Form.useFormInstance<CombinedSceneFormValues>();
  const sequential = Form.useWatch('executionMode', form) === SEQUENTIAL;
  const members = Form.useWatch('members', form) as MemberRowValues[] | undefined;
  const round = sequential ? roundMinutes(members) : undefined;
  return (
    <Form.List name="members" rules={rules.members}>
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={4} role="group" aria-label={t('lighting.combinedScene.members')} style={{ marginBottom: 16 }}>
          <Typography.Text>{t('lighting.combinedScene.members')}</Typography.Text>
          {fields.length > 0 ? (
            <Flex gap={8} aria-hidden>
              <Typography.Text type="secondary" style={{ flex: COLUMNS.scene }}>{t('lighting.combinedScene.scene')}</Typography.Text>
              {sequential ? <Typography.Text type="secondary" style={{ flex: COLUMNS.minutes }}>{t('lighting.combinedScene.minutes')}</Typography.Text> : null}
              <span style={{ width: 104 }} />
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('lighting.combinedScene.noMembers')}</Typography.Text>
          )}
          <div style={{ maxHeight: 360, overflowY: 'auto', overflowX: 'hidden' }}>
            {fields.map((field, index) => (
              <MemberRow
                key={field.key}
                field={field}
                index={index}
                last={index === fields.length - 1}
                sequential={sequential}
                scenes={scenes}
                loadingScenes={loadingScenes}
                onMove={(to) => {
                  move(index, to);
                  recheckMembers(form);
                }}
                onRemove={() => {
                  remove(field.name);
                  recheckMembers(form);
                }}
              />
            ))}
          </div>
          <Form.ErrorList errors={errors} />
          <Flex justify="space-between" align="center" gap={8}>
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={fields.length >= COMBINED_MEMBERS_MAX} onClick={() => add({ ...NEW_MEMBER })}>
              {t('lighting.combinedScene.addMember')}
            </Button>
            {round !== undefined ? <Typography.Text type="secondary">{t('lighting.combinedScene.roundMinutes', { minutes: round })}</Typography.Text> : null}
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}

interface MemberRowProps extends MemberEditorProps {
  field: FormListFieldData;
  index: number;
  last: boolean;
  sequential: boolean;
  /** Moves the row to another place. */
  onMove: (to: number) => void;
  onRemove: () => void;
}

function MemberRow({ field, index, last, sequential, scenes, loadingScenes, onMove, onRemove }: MemberRowProps) {
  const { t } = useTranslation();
  const rules = combinedSceneRules(t);
  const form = Form.useFormInstance<CombinedSceneFormValues>();
  const row = index + 1;
  return (
    <Flex gap={8} align="flex-start">
      <Form.Item
        name={[field.name, 'sceneId']}
        rules={[
          ...rules.scene,
          {
            validator: () =>
              form.getFieldValue('executionMode') === SYNCHRONOUS && isRepeatedMember(membersOf(form), field.name)
                ? Promise.reject(new Error(rules.repeated))
                : Promise.resolve(),
          },
        ]}
        style={{ flex: COLUMNS.scene, marginBottom: 8, minWidth: 0 }}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={loadingScenes}
          options={scenes.map(({ value, label }) => ({ value, label }))}
          placeholder={t('common.choose')}
          aria-label={t('lighting.combinedScene.sceneOf', { index: row })}
          // another row's "repeated" error goes once this row no longer repeats it
          onChange={() => recheckMembers(form, field.name)}
        />
      </Form.Item>
      {sequential ? (
        <Form.Item
          name={[field.name, 'minutes']}
          rules={[{ validator: (_rule, value: unknown) => (isMemberMinutes(value) ? Promise.resolve() : Promise.reject(new Error(rules.minutes))) }]}
          style={{ flex: COLUMNS.minutes, marginBottom: 8, minWidth: 0 }}
        >
          <InputNumber
            style={{ width: '100%' }}
            placeholder={t('lighting.combinedScene.minutesPlaceholder', { min: MEMBER_MINUTES_MIN, max: MEMBER_MINUTES_MAX })}
            aria-label={t('lighting.combinedScene.minutesOf', { index: row })}
          />
        </Form.Item>
      ) : null}
      <Flex style={{ width: 104 }}>
        <Button type="text" icon={<ArrowUpOutlined aria-hidden />} disabled={index === 0} aria-label={t('lighting.combinedScene.moveUpOf', { index: row })}
          onClick={() => onMove(index - 1)} />
        <Button type="text" icon={<ArrowDownOutlined aria-hidden />} disabled={last} aria-label={t('lighting.combinedScene.moveDownOf', { index: row })}
          onClick={() => onMove(index + 1)} />
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('lighting.combinedScene.removeOf', { index: row })} onClick={onRemove} />
      </Flex>
    </Flex>
  );
}
