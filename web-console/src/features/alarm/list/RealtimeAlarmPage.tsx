import AlarmListPage from './AlarmListPage';

/** Real-time alarms (`alarm/realtime/index`): the open ones, refreshed by live alarm events. */
export default function RealtimeAlarmPage() {
  return <AlarmListPage mode="realtime" />;
}
