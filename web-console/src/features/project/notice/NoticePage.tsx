import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteNoticesMutation, useGetNoticesQuery, usePublishNoticeMutation } from '../noticeApi';
import type { Notice, NoticeQuery } from '../types';
import { useNoticeColumns, useNoticeSearchFields } from './columns';
import NoticeFormDialog from './NoticeFormDialog';
import '../i18n';

/**
 * Announcements (`project/notice/index`) of the selected project: search, page, add, edit,
 * publish (after a confirmation; a closed one is refused by the server), delete.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const [deleteNotices] = useDeleteNoticesMutation();
  const [publishNotice] = usePublishNoticeMutation();
  const actions: RowAction<Notice>[] = [
    {
      key: 'publish',
      label: t('project.notice.publish'),
      permission: 'project:notice:publish',
      icon: <SendOutlined aria-hidden />,
      ariaLabel: (notice) => t('project.notice.publishOf', { name: notice.noticeTitle }),
      when: (notice) => notice.status !== '1',
      confirm: (notice) => t('project.notice.publishConfirm', { name: notice.noticeTitle }),
      run: async (notice) => {
        await publishNotice(notice.noticeId).unwrap();
        showMessage('success', t('project.notice.publishedDone'));
      },
    },
  ];
  return (
    <ListPage<Notice, NoticeQuery>
      rowKey="noticeId" rowName={(notice) => notice.noticeTitle} useList={useGetNoticesQuery}
      columns={useNoticeColumns()} searchFields={useNoticeSearchFields()} rowActions={actions}
      editor={{ dialog: NoticeFormDialog, add: 'project:notice:add', edit: 'project:notice:edit' }}
      remove={{
        permission: 'project:notice:remove',
        question: (notice) => t('project.notice.deleteConfirm', { name: notice.noticeTitle }),
        run: (notices) => deleteNotices(notices.map((notice) => notice.noticeId)).unwrap(),
      }}
    />
  );
}
