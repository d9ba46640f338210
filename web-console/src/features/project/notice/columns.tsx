import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { optionLabel } from '../../system/useDictOptions';
import type { Notice, NoticeQuery } from '../types';
import { useNoticeTypes } from './noticeTypes';
import '../i18n';

/** The announcement list's columns; the content is text, cut short. */
export function useNoticeColumns(): ListColumn<Notice>[] {
  const { t } = useTranslation();
  const types = useNoticeTypes();
  return [
    { key: 'noticeTitle', title: t('project.notice.title') },
    { key: 'noticeType', title: t('project.notice.type'), render: (value: string) => optionLabel(types, value) },
    { key: 'noticeContent', title: t('project.notice.content'), ellipsis: true, render: (content: string) => content || '-' },
    {
      key: 'published',
      title: t('project.notice.published'),
      render: (published: string, notice) =>
        notice.status === '1' ? <Tag>{t('project.notice.closedTag')}</Tag>
          : published === '1' ? <Tag color="green">{t('project.notice.publishedTag')}</Tag>
            : <Tag color="orange">{t('project.notice.draftTag')}</Tag>,
    },
    { key: 'publishTime', title: t('project.notice.publishTime'), render: (time: string | null) => time ?? '-' },
    { key: 'createBy', title: t('project.notice.createBy') },
    { key: 'createTime', title: t('project.notice.createTime'), render: (time: string | null) => time ?? '-' },
  ];
}

/** The announcement list's search fields: title, creator, type, published. */
export function useNoticeSearchFields(): SearchField<NoticeQuery>[] {
  const { t } = useTranslation();
  const types = useNoticeTypes();
  return [
    { kind: 'text', name: 'noticeTitle', label: t('project.notice.title') },
    { kind: 'text', name: 'createBy', label: t('project.notice.createBy') },
    { kind: 'select', name: 'noticeType', label: t('project.notice.type'), options: types },
    {
      kind: 'select',
      name: 'published',
      label: t('project.notice.published'),
      options: [
        { value: '1', label: t('project.notice.publishedTag') },
        { value: '0', label: t('project.notice.draftTag') },
      ],
    },
  ];
}
