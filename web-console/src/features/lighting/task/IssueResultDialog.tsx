import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../components/AppDialog';
import GatewayResults from '../../../components/GatewayResults';
import type { TaskIssueAnswer } from '../types';
import '../i18n';

/** The outcome of an issue some gateways did not take: each gateway, its outcome and why. */
export default function IssueResultDialog({ answer, onClose }: { answer: TaskIssueAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      size="half"
      title={t('lighting.task.issueResults')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('lighting.task.close')}
        </Button>
      }
    >
      <GatewayResults
        answer={answer}
        summary={
          answer.queued
            ? t('lighting.task.issueSummaryQueued', { succeeded: answer.succeeded, queued: answer.queued, failed: answer.failed })
            : t('lighting.task.issueSummary', { succeeded: answer.succeeded, failed: answer.failed })
        }
      />
    </AppDialog>
  );
}
