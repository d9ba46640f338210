import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/download';
import { uploadFile } from '../../api/upload';
import { showMessage } from '../../app/feedback';
import { HasPermi, HasRole } from '../../components/Access';
import AppDialog from '../../components/AppDialog';
import type { DialogWidth } from '../../components/dialogWidths';
import AutoWidthButton from '../../components/AutoWidthButton';
import DeviceHeightSlider, { DEVICE_HEIGHT_DEFAULT } from '../../components/DeviceHeightSlider';
import NumberInput from '../../components/NumberInput';
import Pagination from '../../components/Pagination';
import RightToolbar from '../../components/RightToolbar';
import type { ToolbarColumn } from '../../lib/columns';
import TreeSelector from '../../components/TreeSelector';
import { formatDate } from '../../lib/date';
import { checkFile, FILE_RULES, type FileRuleName } from '../../lib/fileRules';
import { codeRule, emailRule, integerRangeRule, numberRangeRule, phoneRule, strongPasswordRule } from '../../lib/formRules';
import { hideLoading, showLoading } from '../../lib/loading';
import { DEFAULT_LIMIT } from '../../lib/pagination';
import type { NumberMode } from '../../lib/numberInput';
import { INITIAL_TREE_ID, type TreeNode } from '../../lib/tree';
import './i18n';

const ROWS = Array.from({ length: 57 }, (_, index) => ({ id: index + 1, name: `设备 ${index + 1}`, code: `D-${1000 + index}` }));
const ADDRESSES: TreeNode[] = [
  { id: 1, parentId: 0, name: '滨江区' },
  { id: 2, parentId: 1, name: '江南大道' },
  { id: 3, parentId: 1, name: '滨江公园' },
  { id: 4, parentId: 0, name: '上城区' },
];

/**
 * Shared components on show (development builds only, /demo/components): each shared part of
 * the spec in use, so it can be tried by hand and by tests.
 */
export default function ComponentsDemoPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [columns, setColumns] = useState<ToolbarColumn[]>([
    { key: 'id', label: 'ID', visible: true },
    { key: 'name', label: t('demo.name'), visible: true },
    { key: 'code', label: t('demo.code'), visible: true },
  ]);
  const [showSearch, setShowSearch] = useState(true);
  const [height, setHeight] = useState(DEVICE_HEIGHT_DEFAULT);
  const [address, setAddress] = useState<string>(String(INITIAL_TREE_ID));
  const [numbers, setNumbers] = useState<Record<NumberMode, string>>({ 0: '', 1: '', 2: '', 3: '' });
  const [dialog, setDialog] = useState<DialogWidth | undefined>();
  const [fileRule, setFileRule] = useState<FileRuleName>('firmware');
  const [uploadType, setUploadType] = useState('1');

  const rows = ROWS.slice((page.page - 1) * page.limit, page.page * page.limit);
  const shown = columns.filter((column) => column.visible);

  const checkChosenFile = (file: File | undefined) => {
    if (!file) return;
    const problem = checkFile(file, FILE_RULES[fileRule]);
    if (!problem) showMessage('success', t('demo.fileAccepted'));
    else if (problem.kind === 'type') showMessage('error', t('validation.fileType', { types: problem.extensions.join(', ') }));
    else showMessage('error', t('validation.fileSize', { size: Math.round(problem.maxBytes / 1024) }));
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    uploadFile(Number(uploadType), file, file.name).then(
      (path) => showMessage('success', path),
      (error: Error) => showMessage('error', error.message),
    );
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3}>{t('demo.title')}</Typography.Title>

      <Card title={t('demo.list')}>
        {showSearch ? <Input.Search aria-label={t('demo.name')} style={{ maxWidth: 240, marginBottom: 8 }} /> : null}
        <RightToolbar
          columns={columns}
          onColumnsChange={setColumns}
          showSearch={showSearch}
          onToggleSearch={() => setShowSearch((value) => !value)}
          onRefresh={() => showMessage('info', t('toolbar.refresh'))}
        />
        <Table
          rowKey="id"
          size="small"
          dataSource={rows}
          pagination={false}
          columns={shown.map((column) => ({ key: column.key, dataIndex: column.key, title: column.label }))}
        />
        <Pagination total={ROWS.length} page={page.page} limit={page.limit} onChange={setPage} />
      </Card>

      <Card title={t('demo.inputs')}>
        <Flex gap={32} wrap>
          <div>
            <DeviceHeightSlider value={height} onChange={setHeight} />
            <div>{t('components.deviceHeight')}: {height}</div>
          </div>
          <Flex vertical gap={12}>
            <TreeSelector nodes={ADDRESSES} value={address} onChange={setAddress} />
            {([0, 1, 2, 3] as const).map((mode) => (
              <NumberInput
                key={mode}
                mode={mode}
                aria-label={t('demo.numberMode', { mode })}
                placeholder={t('demo.numberMode', { mode })}
                value={numbers[mode]}
                onChange={(value) => setNumbers((current) => ({ ...current, [mode]: value }))}
              />
            ))}
            <Space>
              <AutoWidthButton text="新增" />
              <AutoWidthButton text="Export all" />
              <AutoWidthButton text="OK" />
            </Space>
            <div>{formatDate(1714557600)}</div>
          </Flex>
        </Flex>
      </Card>

      <Card title={t('demo.rules')}>
        <Form layout="vertical" style={{ maxWidth: 420 }}>
          <Form.Item label={t('demo.phone')} name="phone" rules={[phoneRule(t)]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('demo.email')} name="email" rules={[emailRule(t)]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('demo.password')} name="password" rules={[strongPasswordRule(t)]}>
            <Input.Password />
          </Form.Item>
          <Form.Item label={t('demo.code')} name="code" rules={[codeRule(t)]}>
            <Input />
          </Form.Item>
          <Form.Item label="0-255" name="byte" rules={[integerRangeRule(t, 0, 255)]}>
            <Input />
          </Form.Item>
          <Form.Item label="-32767-32767" name="short" rules={[numberRangeRule(t, -32767, 32767)]}>
            <Input />
          </Form.Item>
        </Form>
        <Flex gap={8} align="center" wrap>
          <Select
            aria-label={t('demo.fileRule')}
            value={fileRule}
            onChange={setFileRule}
            options={Object.keys(FILE_RULES).map((name) => ({ value: name, label: name }))}
            style={{ width: 160 }}
          />
          <input type="file" aria-label={t('demo.checkFile')} onChange={(event) => checkChosenFile(event.target.files?.[0])} />
        </Flex>
        <Flex gap={8} align="center" wrap style={{ marginTop: 12 }}>
          <Input aria-label={t('demo.uploadType')} value={uploadType} onChange={(event) => setUploadType(event.target.value)} style={{ width: 80 }} />
          <input type="file" aria-label={t('demo.uploadFile')} onChange={(event) => upload(event.target.files?.[0])} />
        </Flex>
      </Card>

      <Card title={t('demo.others')}>
        <Space wrap>
          <Button onClick={() => setDialog('small')}>{t('demo.dialog', { width: '500px' })}</Button>
          <Button onClick={() => setDialog('half')}>{t('demo.dialog', { width: '50%' })}</Button>
          <Button
            onClick={() => {
              showLoading();
              setTimeout(hideLoading, 1500);
            }}
          >
            {t('demo.loading')}
          </Button>
          <Button onClick={() => void download('/system/config/export', { configKey: 'sys' }, 'config.xlsx')}>
            {t('demo.download')}
          </Button>
          <HasPermi value={['system:user:add']}>
            <Button type="primary">{t('demo.permitted')}</Button>
          </HasPermi>
          <HasRole value={['admin']}>
            <Button>{t('demo.adminOnly')}</Button>
          </HasRole>
        </Space>
        <AppDialog size={dialog ?? 'small'} open={dialog !== undefined} title={t('demo.dialogTitle')} onCancel={() => setDialog(undefined)} onOk={() => setDialog(undefined)}>
          {t('demo.dialogBody')}
        </AppDialog>
      </Card>
    </Flex>
  );
}
