import { Button, Tooltip } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/Access';
import type { Task } from '../types';
import '../i18n';

export interface IssueTaskButtonProps {
  task: Task;
  /** Asks, then issues the task (the page shows the outcome). */
  onIssue: (task: Task) => void;
}

/**
 * Issues one task to its gateways; needs lighting:task:issue. A disabled task cannot be issued
 * (the server refuses it): the button is disabled and says why. It sits beside the issue
 * state, as the switch beside the enabled state: the list kit's row actions cannot be disabled.
 */
export default function IssueTaskButton({ task, onIssue }: IssueTaskButtonProps) {
  const { t } = useTranslation();
  const enabled = task.enabled === '1';
  return (
    <HasPermi value={['lighting:task:issue']}>
      <Tooltip title={enabled ? undefined : t('lighting.task.issueNeedsEnabled')}>
        {/* a disabled button takes no pointer events: the tooltip is on its wrapper */}
        <span>
          <Button
            type="link"
            size="small"
            icon={<SendOutlined aria-hidden />}
            disabled={!enabled}
            aria-label={t('lighting.task.issueOf', { name: task.taskName })}
            onClick={() => onIssue(task)}
          >
            {t('lighting.task.issue')}
          </Button>
        </span>
      </Tooltip>
    </HasPermi>
  );
}
