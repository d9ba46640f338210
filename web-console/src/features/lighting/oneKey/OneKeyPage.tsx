import { useState } from 'react';
import { Alert, Button, Card, Flex, Space, Spin, Table, Tag } from 'antd';
import { BulbFilled, BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../app/feedback';
import { HasPermi } from '../../../components/Access';
import GatewayResults from '../../../components/GatewayResults';
import Pagination from '../../../components/Pagination';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../lib/pagination';
import { useAccess } from '../../auth/useAccess';
import { useGetOneKeyRecordsQuery, useOneKeyControlMutation } from '../api';
import type { OneKeyAnswer, OneKeyRecord } from '../types';
import '../i18n';

function ResultCard({ action, answer, running }: { action: 'on' | 'off'; answer?: OneKeyAnswer; running: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('lighting.oneKey.resultTitle', { action: t(`lighting.oneKey.action.${action}`) })}>
      <Spin spinning={running}>
        {answer ? (
          <GatewayResults
            answer={answer}
            summary={t('lighting.oneKey.summary', { total: answer.total, succeeded: answer.succeeded, failed: answer.failed })}
          />
        ) : (
          <div style={{ minHeight: 48 }} />
        )}
      </Spin>
    </Card>
  );
}

function RecordsCard() {
  const { t } = useTranslation();
  const access = useAccess();
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE, pageSize: DEFAULT_LIMIT });
  const canList = access.hasPermi(['lighting:oneKey:list']);
  const { data, isFetching } = useGetOneKeyRecordsQuery(page, { skip: !canList });
  if (!canList) return null;
  return (
    <Card title={t('lighting.oneKey.records')}>
      <Table<OneKeyRecord>
        rowKey="recordId"
        size="small"
        loading={isFetching}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          { title: t('lighting.oneKey.time'), dataIndex: 'createTime', key: 'createTime' },
          { title: t('lighting.oneKey.user'), dataIndex: 'userName', key: 'userName' },
          {
            title: t('lighting.oneKey.actionTitle'),
            dataIndex: 'action',
            key: 'action',
            render: (action: string) =>
              action === 'on' || action === 'off' ? (
                <Tag color={action === 'on' ? 'gold' : 'default'}>{t(`lighting.oneKey.action.${action}`)}</Tag>
              ) : (
                action
              ),
          },
          { title: t('lighting.oneKey.total'), dataIndex: 'total', key: 'total' },
          { title: t('lighting.oneKey.succeeded'), dataIndex: 'succeeded', key: 'succeeded' },
          { title: t('lighting.oneKey.failed'), dataIndex: 'failed', key: 'failed' },
        ]}
      />
      <Pagination
        total={data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        autoScroll={false}
        onChange={({ page: pageNum, limit }) => setPage({ pageNum, pageSize: limit })}
      />
    </Card>
  );
}

/** One-key control (`lighting/oneKey/index`): every loop of every gateway on or off, after a confirmation. */
export default function OneKeyPage() {
  const { t } = useTranslation();
  const [control, { isLoading }] = useOneKeyControlMutation();
  const [last, setLast] = useState<{ action: 'on' | 'off'; answer?: OneKeyAnswer } | undefined>();

  const run = async (action: 'on' | 'off') => {
    setLast({ action });
    try {
      const answer = await control({ on: action === 'on' }).unwrap();
      setLast({ action, answer });
    } catch {
      // the client showed the server's message
      setLast(undefined);
    }
  };

  const ask = (action: 'on' | 'off') => {
    confirmDialog({
      title: t(`lighting.oneKey.confirmTitle.${action}`),
      content: t(`lighting.oneKey.confirmContent.${action}`),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      type: 'warning',
      onOk: () => {
        void run(action);
      },
    });
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('lighting.oneKey.title')}>
        <Flex vertical gap={12}>
          <Alert type="info" showIcon message={t('lighting.oneKey.hint')} />
          <HasPermi value={['lighting:oneKey:edit']}>
            <Space size="large">
              <Button type="primary" size="large" icon={<BulbFilled aria-hidden />} disabled={isLoading} onClick={() => ask('on')}>
                {t('lighting.oneKey.allOn')}
              </Button>
              <Button size="large" icon={<BulbOutlined aria-hidden />} disabled={isLoading} onClick={() => ask('off')}>
                {t('lighting.oneKey.allOff')}
              </Button>
            </Space>
          </HasPermi>
        </Flex>
      </Card>
      {last ? <ResultCard action={last.action} answer={last.answer} running={isLoading} /> : null}
      <RecordsCard />
    </Flex>
  );
}
