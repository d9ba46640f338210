import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useResults } from '../shared/dicts';
import ResultTag from '../shared/ResultTag';
import type { LoginLog, LoginLogQuery } from '../types';
import '../i18n';

/** The login log's columns; the account, browser and system as the server read them. */
export function useLoginLogColumns(): ListColumn<LoginLog>[] {
  const { t } = useTranslation();
  return [
    { key: 'infoId', title: t('monitor.loginLog.infoId') },
    { key: 'userName', title: t('monitor.loginLog.userName'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'ipaddr', title: t('monitor.loginLog.ipaddr') },
    { key: 'browser', title: t('monitor.loginLog.browser'), render: (browser: string) => <AsEntered text={browser} /> },
    { key: 'os', title: t('monitor.loginLog.os'), render: (os: string) => <AsEntered text={os} /> },
    { key: 'status', title: t('monitor.loginLog.status'), render: (status: string) => <ResultTag status={status} /> },
    { key: 'msg', title: t('monitor.loginLog.msg') },
    { key: 'loginTime', title: t('monitor.loginLog.loginTime') },
  ];
}

/** The login log's search fields: address, account, result, and the days of the sign-ins. */
export function useLoginLogSearchFields(): SearchField<LoginLogQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'ipaddr', label: t('monitor.loginLog.ipaddr') },
    { kind: 'text', name: 'userName', label: t('monitor.loginLog.userName') },
    { kind: 'select', name: 'status', label: t('monitor.loginLog.status'), options: useResults() },
    { kind: 'dateRange', name: 'loginTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('monitor.loginLog.loginTime'), width: 260 },
  ];
}
