import { Col, Divider, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { FormField } from '../../../components/formDialog';
import { VALUE_MAX, VALUE_NUMBER, VALUE_OPTIONS, valueRules } from '../rules';
import { attributeName, optionText } from '../shared/text';
import type { AssetAttribute, AssetType } from '../types';
import '../i18n';

/** One attribute's field: a text, a number (within its range when verified) or a choice of its sub-options. */
function AttributeField({ attribute }: { attribute: AssetAttribute }) {
  const { t, i18n } = useTranslation();
  const name = attributeName(i18n.language, attribute);
  const ranged = attribute.valueType === VALUE_NUMBER && attribute.verify && attribute.min !== null && attribute.max !== null;
  const control =
    attribute.valueType === VALUE_NUMBER ? (
      <InputNumber style={{ width: '100%' }} min={ranged ? (attribute.min ?? undefined) : undefined} max={ranged ? (attribute.max ?? undefined) : undefined} />
    ) : attribute.valueType === VALUE_OPTIONS ? (
      <Select
        mode={attribute.multiple ? 'multiple' : undefined}
        allowClear={!attribute.required}
        placeholder={t('common.choose')}
        options={attribute.options.map((option) => ({ value: option.value, label: optionText(i18n.language, option) }))}
      />
    ) : (
      <Input maxLength={VALUE_MAX} />
    );
  return (
    <FormField
      span={12}
      name={['attrs', attribute.attrCode]}
      label={<AsEntered text={name} />}
      rules={valueRules(t, attribute, name)}
      required={attribute.required}
      extra={ranged ? t('asset.item.rangeHint', { min: attribute.min, max: attribute.max }) : undefined}
    >
      {control}
    </FormField>
  );
}

/** The chosen type's attributes as fields of the asset dialog (none before a type is chosen). */
export default function AttributeFields({ type }: { type: AssetType | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <Col span={24}>
        <Divider orientation="left" plain style={{ margin: '4px 0 12px' }}>
          {t('asset.item.attributes')}
        </Divider>
      </Col>
      {type === undefined || type.attributes.length === 0 ? (
        <Col span={24} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{type === undefined ? t('asset.item.chooseTypeFirst') : t('asset.item.noAttributes')}</Typography.Text>
        </Col>
      ) : (
        type.attributes.map((attribute) => <AttributeField key={attribute.attrCode} attribute={attribute} />)
      )}
    </>
  );
}
