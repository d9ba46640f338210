import { Button, Flex, Form, Space } from 'antd';
import { PlusOutlined, SearchOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from './Access';
import RightToolbar from './RightToolbar';

/** The search form's last item: search (submits the form) and reset. */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
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
  );
}

interface ListActionsProps {
  /** The add button, shown to holders of `permission`. */
  add?: { permission: string; onAdd: () => void };
  showSearch: boolean;
  onToggleSearch: () => void;
  onRefresh: () => void;
}

/** The row above a list: an add button on the left, the list toolbar on the right. */
export function ListActions({ add, showSearch, onToggleSearch, onRefresh }: ListActionsProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
      {add ? (
        <HasPermi value={[add.permission]}>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={add.onAdd}>
            {t('common.add')}
          </Button>
        </HasPermi>
      ) : null}
      <div style={{ marginLeft: 'auto' }}>
        <RightToolbar showSearch={showSearch} onToggleSearch={onToggleSearch} onRefresh={onRefresh} />
      </div>
    </Flex>
  );
}
