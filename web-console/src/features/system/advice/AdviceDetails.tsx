import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { Advice } from '../types';
import AdviceStatusTag from './AdviceStatusTag';
import '../i18n';

const PARAGRAPH = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A piece of feedback and its reply, as its sender wrote them; times as the server sends them. */
export default function AdviceDetails({ advice, withSender = true }: { advice: Advice; withSender?: boolean }) {
  const { t } = useTranslation();
  const sender = withSender ? [{ key: 'userName', label: t('system.advice.userName'), children: <AsEntered text={advice.userName} /> }] : [];
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'title', label: t('system.advice.title'), children: <AsEntered text={advice.title} /> },
        ...sender,
        { key: 'createTime', label: t('system.advice.createTime'), children: advice.createTime },
        { key: 'content', label: t('system.advice.content'), children: <span translate="no" style={PARAGRAPH}>{advice.content}</span> },
        { key: 'status', label: t('system.advice.status'), children: <AdviceStatusTag status={advice.status} /> },
        {
          key: 'reply',
          label: t('system.advice.reply'),
          children: advice.reply ? <span translate="no" style={PARAGRAPH}>{advice.reply}</span> : t('system.advice.noReply'),
        },
        { key: 'repliedBy', label: t('system.advice.repliedBy'), children: advice.repliedBy ? <AsEntered text={advice.repliedBy} /> : '-' },
        { key: 'repliedTime', label: t('system.advice.repliedTime'), children: advice.repliedTime ?? '-' },
      ]}
    />
  );
}
