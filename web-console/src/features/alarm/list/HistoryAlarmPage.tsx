import AlarmListPage from './AlarmListPage';

/** History alarms (`alarm/history/index`): every alarm, newest first. */
export default function HistoryAlarmPage() {
  return <AlarmListPage mode="history" />;
}
