import { Button, Flex, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormInstance, FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import { isBrightness, isRepeatedLoop, LOOP_COUNT_MAX, SCENE_LOOPS_MAX, sceneRules } from '../rules';
import type { GatewayChoice } from '../shared/choices';
import { NEW_LOOP, type LoopRowValues, type SceneFormValues } from './formValues';
import '../i18n';

export interface LoopEditorProps {
  gateways: readonly GatewayChoice[];
  loadingGateways: boolean;
}

const COLUMNS = { gateway: 3, loop: 2, on: 1, brightness: 2 } as const;

/**
 * A scene's loops: rows of (gateway, loop of that gateway, on or off, brightness 1 to 100
 * while on), added and removed; each (gateway, loop) once, at least one row, at most 512.
 */
/** The rows as they stand. */
function loopsOf(form: FormInstance<SceneFormValues>): LoopRowValues[] {
  return (form.getFieldValue('loops') as LoopRowValues[] | undefined) ?? [];
}

/** Checks again the rows whose loop shows an error ("repeated" may no longer hold), but `except`. */
function recheckLoops(form: FormInstance<SceneFormValues>, except?: number) {
  const loops = loopsOf(form);
  const stale = loops
    .map((_loop, at): ['loops', number, 'loopIndex'] => ['loops', at, 'loopIndex'])
    .filter((name) => name[1] !== except && form.getFieldError(name).length > 0);
  if (stale.length > 0) void form.validateFields(stale).catch(() => undefined);
}

export default function LoopEditor({ gateways, loadingGateways }: LoopEditorProps) {
  const { t } = useTranslation();
  const rules = sceneRules(t);
  const form = Form.useFormInstance<SceneFormValues>();
  return (
    <Form.List name="loops" rules={rules.loops}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={4} role="group" aria-label={t('lighting.scene.loops')} style={{ marginBottom: 16 }}>
          <Typography.Text>{t('lighting.scene.loops')}</Typography.Text>
          {fields.length > 0 ? (
            <Flex gap={8} aria-hidden>
              <Typography.Text type="secondary" style={{ flex: COLUMNS.gateway }}>{t('lighting.scene.gateway')}</Typography.Text>
              <Typography.Text type="secondary" style={{ flex: COLUMNS.loop }}>{t('lighting.scene.loopIndex')}</Typography.Text>
              <Typography.Text type="secondary" style={{ flex: COLUMNS.on }}>{t('lighting.scene.switch')}</Typography.Text>
              <Typography.Text type="secondary" style={{ flex: COLUMNS.brightness }}>{t('lighting.scene.brightness')}</Typography.Text>
              <span style={{ width: 32 }} />
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('lighting.scene.noLoops')}</Typography.Text>
          )}
          <div style={{ maxHeight: 320, overflowY: 'auto', overflowX: 'hidden' }}>
            {fields.map((field, index) => (
              <LoopRow key={field.key} field={field} index={index} gateways={gateways} loadingGateways={loadingGateways} onRemove={() => {
                  remove(field.name);
                  recheckLoops(form);
                }} />
            ))}
          </div>
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={fields.length >= SCENE_LOOPS_MAX} style={{ alignSelf: 'flex-start' }}
            onClick={() => add({ ...NEW_LOOP })}>
            {t('lighting.scene.addLoop')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

interface LoopRowProps extends LoopEditorProps {
  field: FormListFieldData;
  index: number;
  onRemove: () => void;
}

function LoopRow({ field, index, gateways, loadingGateways, onRemove }: LoopRowProps) {
  const { t } = useTranslation();
  const rules = sceneRules(t);
  const form = Form.useFormInstance<SceneFormValues>();
  const row = index + 1;
  const watched: unknown = Form.useWatch(['loops', field.name, 'gatewayId'], form);
  const gatewayId = typeof watched === 'number' ? watched : undefined;
  const on: unknown = Form.useWatch(['loops', field.name, 'on'], form);
  const loopCount = gatewayId === undefined ? 0 : (gateways.find((gateway) => gateway.value === gatewayId)?.loopCount ?? LOOP_COUNT_MAX);
  const loopOptions = Array.from({ length: loopCount }, (_unused, at) => ({ value: at + 1, label: t('lighting.loopN', { index: at + 1 }) }));

  /** Another row's "repeated" error goes once this row no longer repeats it. */
  const recheckOthers = () => recheckLoops(form, field.name);

  return (
    <Flex gap={8} align="flex-start">
      <Form.Item name={[field.name, 'gatewayId']} rules={rules.gateway} style={{ flex: COLUMNS.gateway, marginBottom: 8, minWidth: 0 }}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={loadingGateways}
          options={gateways.map(({ value, label }) => ({ value, label }))}
          placeholder={t('common.choose')}
          aria-label={t('lighting.scene.gatewayOf', { index: row })}
          onChange={() => {
            // another gateway: its loops are others
            form.setFieldValue(['loops', field.name, 'loopIndex'], undefined);
            recheckOthers();
          }}
        />
      </Form.Item>
      <Form.Item
        name={[field.name, 'loopIndex']}
        rules={[
          ...rules.loopIndex,
          {
            validator: (_rule, _value) =>
              isRepeatedLoop(loopsOf(form), field.name) ? Promise.reject(new Error(rules.repeated)) : Promise.resolve(),
          },
        ]}
        style={{ flex: COLUMNS.loop, marginBottom: 8, minWidth: 0 }}
      >
        <Select options={loopOptions} disabled={gatewayId === undefined} placeholder={t('common.choose')} aria-label={t('lighting.scene.loopIndexOf', { index: row })}
          onChange={recheckOthers} />
      </Form.Item>
      <Form.Item name={[field.name, 'on']} valuePropName="checked" style={{ flex: COLUMNS.on, marginBottom: 8, paddingTop: 4 }}>
        <Switch checkedChildren={t('lighting.control.on')} unCheckedChildren={t('lighting.control.off')} aria-label={t('lighting.scene.switchOf', { index: row })}
          onChange={(checked) => {
            // switched on without a brightness: full
            const brightness: unknown = form.getFieldValue(['loops', field.name, 'brightness']);
            if (checked && (brightness === null || brightness === undefined)) form.setFieldValue(['loops', field.name, 'brightness'], 100);
          }} />
      </Form.Item>
      <Form.Item
        name={[field.name, 'brightness']}
        dependencies={[['loops', field.name, 'on']]}
        rules={[
          {
            validator: (_rule, value: unknown) =>
              form.getFieldValue(['loops', field.name, 'on']) !== true || isBrightness(value) ? Promise.resolve() : Promise.reject(new Error(rules.brightness)),
          },
        ]}
        style={{ flex: COLUMNS.brightness, marginBottom: 8, minWidth: 0 }}
      >
        <InputNumber disabled={on !== true} style={{ width: '100%' }} aria-label={t('lighting.scene.brightnessOf', { index: row })} />
      </Form.Item>
      <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('lighting.scene.removeLoopOf', { index: row })} onClick={onRemove} />
    </Flex>
  );
}
