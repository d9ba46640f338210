import { useState } from 'react';
import { EyeOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteAdvicesMutation, useGetAdvicesQuery } from '../adviceApi';
import type { Advice, AdviceQuery } from '../types';
import AdviceViewDialog from './AdviceViewDialog';
import { useAdviceColumns, useAdviceSearchFields } from './columns';
import ReplyDialog from './ReplyDialog';
import '../i18n';

/**
 * Advice (`system/advice/index`): everyone's feedback, newest first, searched by title,
 * account and status; view one, reply and set its status, delete after a confirmation (one
 * or the selected ones). Users send feedback from the top bar's user menu.
 */
export default function AdvicePage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Advice | undefined>();
  const [replying, setReplying] = useState<Advice | undefined>();
  const [deleteAdvices] = useDeleteAdvicesMutation();
  const actions: RowAction<Advice>[] = [
    {
      key: 'view',
      label: t('system.advice.view'),
      permission: 'system:advice:query',
      icon: <EyeOutlined aria-hidden />,
      ariaLabel: (advice) => t('system.advice.viewOf', { name: advice.title }),
      run: (advice) => setViewing(advice),
    },
    {
      key: 'reply',
      label: t('system.advice.replyAction'),
      permission: 'system:advice:edit',
      icon: <MessageOutlined aria-hidden />,
      ariaLabel: (advice) => t('system.advice.replyOf', { name: advice.title }),
      run: (advice) => setReplying(advice),
    },
  ];

  return (
    <ListPage<Advice, AdviceQuery>
      inProject={false} rowKey="adviceId" rowName={(advice) => advice.title} useList={useGetAdvicesQuery}
      columns={useAdviceColumns()} searchFields={useAdviceSearchFields()} rowActions={actions}
      remove={{
        permission: 'system:advice:remove',
        question: (advice) => t('system.advice.deleteConfirm', { name: advice.title }),
        run: (advices) => deleteAdvices(advices.map((advice) => advice.adviceId)).unwrap(),
      }}
    >
      {viewing ? <AdviceViewDialog advice={viewing} onClose={() => setViewing(undefined)} /> : null}
      {replying ? <ReplyDialog advice={replying} onClose={() => setReplying(undefined)} /> : null}
    </ListPage>
  );
}
