import { useGetRealtimeAlarmsQuery } from '../api';
import AlarmList from '../shared/AlarmList';

/** Real-time alarms (`alarm/realtime/index`): the open ones, refreshed by live alarm events. */
export default function RealtimeAlarmPage() {
  return <AlarmList mode="realtime" useList={useGetRealtimeAlarmsQuery} />;
}
