import { useGetHistoryAlarmsQuery } from '../api';
import AlarmList from '../shared/AlarmList';

/** History alarms (`alarm/history/index`): every alarm, newest first. */
export default function HistoryAlarmPage() {
  return <AlarmList mode="history" useList={useGetHistoryAlarmsQuery} />;
}
