import { useState } from 'react';
import { Button, Checkbox, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import AsEntered from '../../../components/AsEntered';
import { FormField } from '../../../components/formDialog';
import { optionLabel } from '../../system/useDictOptions';
import { ATTRIBUTES_MAX, CODE_MAX, NAME_MAX, OPTION_LABEL_MAX, typeRules, VALUE_MAX, VALUE_NUMBER, VALUE_OPTIONS, numberOf } from '../rules';
import { useValueTypes } from '../shared/dicts';
import { attributeName, optionText } from '../shared/text';
import type { AssetAttribute } from '../types';
import { attributeValues, defaultLabel, NEW_ATTRIBUTE, NEW_OPTION, toAttribute, type AttributeFormValues } from './formValues';
import '../i18n';

export interface AttributesEditorProps {
  /** Set by Form.Item: the type's attributes as saved in the sub-form. */
  value?: AssetAttribute[];
  onChange?: (attributes: AssetAttribute[]) => void;
  /** Set by Form.Item: the list's id, which its label names. */
  id?: string;
  /** Told whether the sub-form holds edits not saved yet (the type is not saved meanwhile). */
  onUnsavedChange: (unsaved: boolean) => void;
}

/** The attribute in the sub-form: a new one, or the one at `index`; `opening` starts the form afresh. */
interface Editing {
  index: number | 'new';
  opening: number;
}

/**
 * A type's attributes: a list (code, name, value type, required, default, range), each added
 * or edited in a sub-form below it and saved there ("保存属性") before the type is saved: code,
 * names in both languages, value type, required, a default; a number may be verified within a
 * range (both ends then required, the min not above the max); an options attribute may be
 * multiple and has its sub-options (a value, not empty nor repeated, labels in both languages,
 * at most one the default). While the sub-form has unsaved edits another attribute is not
 * opened and the type is not saved.
 */
export default function AttributesEditor({ value = [], onChange, id, onUnsavedChange }: AttributesEditorProps) {
  const { t, i18n } = useTranslation();
  const valueTypes = useValueTypes();
  const [editing, setEditing] = useState<Editing | undefined>();
  const [unsaved, setUnsaved] = useState(false);
  const language = i18n.language;

  const mark = (next: boolean) => {
    setUnsaved(next);
    onUnsavedChange(next);
  };
  /** Refused while the sub-form has unsaved edits. */
  const whenSaved = (act: () => void) => {
    if (unsaved) {
      showMessage('warning', t('asset.attribute.unsavedFirst'));
      return;
    }
    act();
  };
  const open = (index: number | 'new') =>
    whenSaved(() => {
      setEditing((previous) => ({ index, opening: (previous?.opening ?? 0) + 1 }));
      mark(false);
    });
  const close = () => {
    setEditing(undefined);
    mark(false);
  };
  const remove = (index: number) =>
    whenSaved(() => {
      onChange?.(value.filter((_attribute, at) => at !== index));
      if (editing === undefined || editing.index === 'new') return;
      if (editing.index === index) close();
      else if (editing.index > index) setEditing({ ...editing, index: editing.index - 1 });
    });

  const edited = editing === undefined ? undefined : editing.index === 'new' ? NEW_ATTRIBUTE : attributeValues(value[editing.index] as AssetAttribute);
  const others = value.filter((_attribute, at) => editing === undefined || at !== editing.index).map((attribute) => attribute.attrCode);

  const saveAttribute = (attribute: AssetAttribute) => {
    if (!editing) return;
    onChange?.(editing.index === 'new' ? [...value, attribute] : value.map((current, at) => (at === editing.index ? attribute : current)));
    close();
  };

  const yesNo = (on: boolean) => (on ? t('common.yes') : t('common.no'));
  const range = (attribute: AssetAttribute) =>
    attribute.verify && attribute.min !== null && attribute.max !== null ? t('asset.attribute.range', { min: attribute.min, max: attribute.max }) : '-';

  return (
    <Flex vertical gap={12}>
      <Table<AssetAttribute>
        id={id}
        size="small"
        rowKey="attrCode"
        pagination={false}
        dataSource={value}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('asset.attribute.none')} style={{ margin: 0 }} /> }}
        columns={[
          { key: 'attrCode', dataIndex: 'attrCode', title: t('asset.attribute.code'), render: (code: string) => <AsEntered text={code} /> },
          { key: 'name', title: t('asset.attribute.name'), render: (_name: unknown, attribute) => <AsEntered text={attributeName(language, attribute)} /> },
          { key: 'valueType', dataIndex: 'valueType', title: t('asset.attribute.valueType'), render: (type: string) => optionLabel(valueTypes, type) },
          { key: 'required', dataIndex: 'required', title: t('asset.attribute.required'), render: yesNo },
          {
            key: 'default',
            title: t('asset.attribute.defaultValue'),
            render: (_default: unknown, attribute) => <AsEntered text={defaultLabel(attribute, (option) => optionText(language, option)) || '-'} />,
          },
          { key: 'range', title: t('asset.attribute.verify'), render: (_range: unknown, attribute) => range(attribute) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_actions: unknown, attribute, index) => (
              <Flex gap={0}>
                <Button type="link" size="small" icon={<EditOutlined aria-hidden />} aria-label={t('asset.attribute.editOf', { name: attribute.attrCode })}
                  onClick={() => open(index)}>
                  {t('common.edit')}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('asset.attribute.removeOf', { name: attribute.attrCode })}
                  onClick={() => remove(index)}>
                  {t('common.delete')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {editing === undefined ? (
        <Button icon={<PlusOutlined aria-hidden />} disabled={value.length >= ATTRIBUTES_MAX} onClick={() => open('new')} style={{ alignSelf: 'flex-start' }}>
          {t('asset.attribute.add')}
        </Button>
      ) : null}
      {value.length >= ATTRIBUTES_MAX ? <Typography.Text type="secondary">{t('asset.rules.attributesMax', { max: ATTRIBUTES_MAX })}</Typography.Text> : null}
      {editing !== undefined && edited !== undefined ? (
        <AttributeForm
          key={editing.opening}
          title={editing.index === 'new' ? t('asset.attribute.addTitle') : t('asset.attribute.editTitle', { name: edited.attrCode })}
          initial={edited}
          others={others}
          unsaved={unsaved}
          onChanged={() => mark(true)}
          onSave={saveAttribute}
          onCancel={close}
        />
      ) : null}
    </Flex>
  );
}

interface AttributeFormProps {
  title: string;
  /** The attribute as the sub-form starts. */
  initial: AttributeFormValues;
  /** The codes of the type's other attributes. */
  others: readonly string[];
  unsaved: boolean;
  /** Told of every edit. */
  onChanged: () => void;
  /** Given the attribute once its fields are checked. */
  onSave: (attribute: AssetAttribute) => void;
  onCancel: () => void;
}

/** One attribute in the sub-form, a form of its own (made afresh for every attribute opened). */
function AttributeForm({ title, initial, others, unsaved, onChanged, onSave, onCancel }: AttributeFormProps) {
  const { t } = useTranslation();
  const rules = typeRules(t);
  const valueTypes = useValueTypes();
  const [sub] = Form.useForm<AttributeFormValues>();
  const valueType = Form.useWatch('valueType', sub) ?? initial.valueType;
  const verify = (Form.useWatch('verify', sub) ?? initial.verify) === true;

  const save = async () => {
    let values: AttributeFormValues;
    try {
      values = await sub.validateFields();
    } catch {
      return; // the sub-form shows its errors
    }
    onSave(toAttribute(values));
  };

  return (
    <fieldset aria-label={title} style={{ border: '1px solid rgba(5, 5, 5, 0.15)', borderRadius: 6, padding: '8px 12px', margin: 0 }}>
      <legend style={{ fontSize: 14, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>
        {title}
        {unsaved ? (
          <Tag color="warning" style={{ marginInlineStart: 8 }}>
            {t('asset.attribute.unsaved')}
          </Tag>
        ) : null}
      </legend>
      <Form<AttributeFormValues> form={sub} name="assetAttribute" component={false} layout="vertical" initialValues={initial}
        onValuesChange={onChanged}>
        <Row gutter={12}>
          <FormField span={8} label={t('asset.attribute.code')} name="attrCode" rules={[...rules.attrCode, ...rules.attrCodeFree(others)]}>
            <Input maxLength={CODE_MAX} />
          </FormField>
          <FormField span={8} label={t('asset.attribute.nameZh')} name="nameZh" rules={rules.nameZh}>
            <Input maxLength={NAME_MAX} />
          </FormField>
          <FormField span={8} label={t('asset.attribute.nameEn')} name="nameEn" rules={rules.nameEn}>
            <Input maxLength={NAME_MAX} />
          </FormField>
          <FormField span={8} label={t('asset.attribute.valueType')} name="valueType" rules={rules.valueType}>
            <Select options={valueTypes} />
          </FormField>
          <Col xs={24} md={16}>
            <Flex gap={16} wrap style={{ paddingTop: 30 }}>
              <Form.Item name="required" valuePropName="checked" noStyle>
                <Checkbox>{t('asset.attribute.required')}</Checkbox>
              </Form.Item>
              {valueType === VALUE_OPTIONS ? (
                <Form.Item name="multiple" valuePropName="checked" noStyle>
                  <Checkbox>{t('asset.attribute.multiple')}</Checkbox>
                </Form.Item>
              ) : null}
              {valueType === VALUE_NUMBER ? (
                <Form.Item name="verify" valuePropName="checked" noStyle>
                  <Checkbox>{t('asset.attribute.verify')}</Checkbox>
                </Form.Item>
              ) : null}
            </Flex>
          </Col>
          {valueType === VALUE_OPTIONS ? null : (
            <FormField span={8} label={t('asset.attribute.defaultValue')} name="defaultValue"
              rules={valueType === VALUE_NUMBER ? [...rules.defaultValue, ...rules.numberDefault] : rules.defaultValue}>
              <Input maxLength={VALUE_MAX} />
            </FormField>
          )}
          {valueType === VALUE_NUMBER && verify ? (
            <>
              <FormField span={8} label={t('asset.attribute.min')} name="min" rules={rules.rangeEnd(() => sub.getFieldValue('verify') === true, rules.rangeRequired)}>
                <InputNumber style={{ width: '100%' }} />
              </FormField>
              <FormField span={8} label={t('asset.attribute.max')} name="max" dependencies={['min']}
                rules={[
                  ...rules.rangeEnd(() => sub.getFieldValue('verify') === true, rules.rangeRequired),
                  ({ getFieldValue }) => ({
                    validator: (_rule, max: unknown) => {
                      const min = numberOf(getFieldValue('min'));
                      const high = numberOf(max);
                      return min === undefined || high === undefined || min <= high ? Promise.resolve() : Promise.reject(new Error(rules.rangeOrder));
                    },
                  }),
                ]}>
                <InputNumber style={{ width: '100%' }} />
              </FormField>
            </>
          ) : null}
          {valueType === VALUE_OPTIONS ? (
            <Col span={24}>
              <OptionsList onChanged={onChanged} />
            </Col>
          ) : null}
        </Row>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onCancel}>{t('asset.attribute.cancel')}</Button>
          <Button type="primary" ghost onClick={() => void save()}>
            {t('asset.attribute.save')}
          </Button>
        </Flex>
      </Form>
    </fieldset>
  );
}

/** An options attribute's sub-options: value, labels in both languages, the default; added and removed. */
function OptionsList({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const rules = typeRules(t);
  return (
    <Form.List name="options" rules={rules.options}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={4} role="group" aria-label={t('asset.attribute.options')} style={{ marginBottom: 12 }}>
          <Typography.Text>{t('asset.attribute.options')}</Typography.Text>
          {fields.length === 0 ? <Typography.Text type="secondary">{t('asset.attribute.noOptions')}</Typography.Text> : null}
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item name={[field.name, 'value']} rules={rules.optionValue} style={{ flex: 2, marginBottom: 4 }}>
                <Input maxLength={VALUE_MAX} placeholder={t('asset.attribute.optionValue')} aria-label={t('asset.attribute.optionValueOf', { index: index + 1 })} />
              </Form.Item>
              <Form.Item name={[field.name, 'labelZh']} rules={rules.optionLabel} style={{ flex: 2, marginBottom: 4 }}>
                <Input maxLength={OPTION_LABEL_MAX} placeholder={t('asset.attribute.optionLabelZh')} aria-label={t('asset.attribute.optionLabelZhOf', { index: index + 1 })} />
              </Form.Item>
              <Form.Item name={[field.name, 'labelEn']} rules={rules.optionLabel} style={{ flex: 2, marginBottom: 4 }}>
                <Input maxLength={OPTION_LABEL_MAX} placeholder={t('asset.attribute.optionLabelEn')} aria-label={t('asset.attribute.optionLabelEnOf', { index: index + 1 })} />
              </Form.Item>
              <Form.Item name={[field.name, 'isDefault']} valuePropName="checked" style={{ marginBottom: 4, paddingTop: 4 }}>
                <Checkbox aria-label={t('asset.attribute.optionDefaultOf', { index: index + 1 })}>{t('asset.attribute.optionDefault')}</Checkbox>
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('asset.attribute.removeOptionOf', { index: index + 1 })}
                onClick={() => {
                  remove(field.name);
                  onChanged();
                }} />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              add({ ...NEW_OPTION });
              onChanged();
            }}>
            {t('asset.attribute.addOption')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
