import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssueState } from '../types';
import '../i18n';

const ISSUE_COLOURS: Record<IssueState, string> = { '0': 'default', '1': 'processing', '2': 'error', '3': 'success' };

const isIssueState = (state: string): state is IssueState => Object.hasOwn(ISSUE_COLOURS, state);

/** How far a task's plan reached its gateways: not issued, being issued, unsuccessful, succeeded. */
export default function IssueStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  if (!isIssueState(state)) return <Tag>{state || '-'}</Tag>;
  return <Tag color={ISSUE_COLOURS[state]}>{t(`lighting.task.issueStates.${state}`)}</Tag>;
}
