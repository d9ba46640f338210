import { Button, DatePicker, Form, Input, Select, Space, type FormInstance } from 'antd';
import { SearchOutlined, SyncOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATE_TIME_FORMAT, filtersFrom, initialValues } from './query';
import type { Filters, PageQuery, SearchField } from './types';

export interface SearchFormProps<Q extends PageQuery> {
  /** The form's name (and the prefix of its fields' ids). */
  name: string;
  fields: readonly SearchField<Q>[];
  form: FormInstance<Record<string, unknown>>;
  onSearch: (filters: Filters<Q>) => void;
  onReset: () => void;
}

/** The field's control; a direct child of its Form.Item, which hands it id, value and onChange. */
function control<Q extends PageQuery>(field: SearchField<Q>, t: TFunction) {
  switch (field.kind) {
    case 'text':
      return <Input allowClear placeholder={field.placeholder} style={field.width ? { width: field.width } : undefined} />;
    case 'select':
      return (
        <Select
          allowClear
          showSearch={field.searchable}
          optionFilterProp={field.searchable ? 'label' : undefined}
          style={{ width: field.width ?? 140 }}
          placeholder={field.placeholder ?? t('common.all')}
          options={field.options.map(({ value, label }) => ({ value, label }))}
        />
      );
    case 'dateTimeRange':
      return <DatePicker.RangePicker showTime format={field.format ?? DATE_TIME_FORMAT} aria-label={field.label} style={field.width ? { width: field.width } : undefined} />;
    case 'dateRange':
      return <DatePicker.RangePicker format={DATE_FORMAT} aria-label={field.label} style={field.width ? { width: field.width } : undefined} />;
  }
}

/**
 * The search form above a list: its fields (a range with its initial value, a field with its
 * rules: a search waits until they hold), then search (submits) and reset.
 */
export default function SearchForm<Q extends PageQuery>({ name, fields, form, onSearch, onReset }: SearchFormProps<Q>) {
  const { t } = useTranslation();
  return (
    <Form
      form={form}
      layout="inline"
      name={name}
      style={{ marginBottom: 16, rowGap: 8 }}
      initialValues={initialValues(fields)}
      onFinish={(values) => onSearch(filtersFrom(fields, values))}
    >
      {fields.map((field) => {
        const fieldName: string = field.name;
        return (
          <Form.Item key={fieldName} label={field.label} name={fieldName} rules={field.rules}>
            {control(field, t)}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('common.search')}
          </Button>
          <Button icon={<SyncOutlined aria-hidden />} onClick={onReset}>
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
