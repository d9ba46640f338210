import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import AsEntered from '../../../components/AsEntered';
import { useAdviceStatuses } from '../shared/dicts';
import type { Advice, AdviceQuery } from '../types';
import AdviceStatusTag from './AdviceStatusTag';
import '../i18n';

/** The administrators' feedback list's columns; what users wrote as entered, times as the server sends them. */
export function useAdviceColumns(): ListColumn<Advice>[] {
  const { t } = useTranslation();
  return [
    { key: 'adviceId', title: t('system.advice.adviceId') },
    { key: 'title', title: t('system.advice.title'), render: (title: string) => <AsEntered text={title} clip /> },
    { key: 'content', title: t('system.advice.content'), hidden: true, render: (content: string) => <AsEntered text={content} clip /> },
    { key: 'userName', title: t('system.advice.userName'), render: (userName: string) => <AsEntered text={userName} /> },
    { key: 'status', title: t('system.advice.status'), render: (status: string) => <AdviceStatusTag status={status} /> },
    { key: 'reply', title: t('system.advice.reply'), render: (reply: string) => <AsEntered text={reply} clip /> },
    { key: 'repliedBy', title: t('system.advice.repliedBy'), hidden: true, render: (repliedBy: string) => <AsEntered text={repliedBy} /> },
    { key: 'repliedTime', title: t('system.advice.repliedTime') },
    { key: 'createTime', title: t('system.advice.createTime') },
  ];
}

/** The columns of a user's own feedback: no sender, the reply beside it. */
export function useMyAdviceColumns(): ListColumn<Advice>[] {
  const { t } = useTranslation();
  return [
    { key: 'title', title: t('system.advice.title'), render: (title: string) => <AsEntered text={title} clip /> },
    { key: 'status', title: t('system.advice.status'), render: (status: string) => <AdviceStatusTag status={status} /> },
    { key: 'reply', title: t('system.advice.reply'), render: (reply: string) => <AsEntered text={reply} clip /> },
    { key: 'repliedTime', title: t('system.advice.repliedTime') },
    { key: 'createTime', title: t('system.advice.createTime') },
  ];
}

/** The feedback list's search fields: title, account (administrators only) and status. */
export function useAdviceSearchFields(withAccount = true): SearchField<AdviceQuery>[] {
  const { t } = useTranslation();
  const statuses = useAdviceStatuses();
  const account: SearchField<AdviceQuery>[] = withAccount ? [{ kind: 'text', name: 'userName', label: t('system.advice.userName') }] : [];
  return [{ kind: 'text', name: 'title', label: t('system.advice.title') }, ...account, { kind: 'select', name: 'status', label: t('system.advice.status'), options: statuses }];
}
