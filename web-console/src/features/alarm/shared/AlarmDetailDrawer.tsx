import { Descriptions, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetAlarmQuery } from '../api';
import { LevelTag, StatusTag } from '../shared/AlarmTags';
import '../i18n';

/** An alarm's detail: the deciding reading in a sentence, both contents, its lifecycle. */
export default function AlarmDetailDrawer({ alarmId, onClose }: { alarmId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetAlarmQuery(alarmId);
  return (
    <Drawer open title={t('alarm.detailTitle')} width={520} onClose={onClose}>
      <Spin spinning={isFetching}>
        {data ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'id', label: t('alarm.alarmId'), children: data.alarmId },
              { key: 'name', label: t('alarm.alarmName'), children: data.alarmName },
              { key: 'level', label: t('alarm.level.title'), children: <LevelTag level={data.alarmLevel} /> },
              { key: 'status', label: t('alarm.status.title'), children: <StatusTag status={data.status} /> },
              { key: 'device', label: t('alarm.deviceName'), children: data.deviceName },
              { key: 'gateway', label: t('alarm.gatewayNumber'), children: data.gatewayNumber || '-' },
              {
                key: 'loop',
                label: t('alarm.loop'),
                children: data.loopIndex > 0 ? t('alarm.loopN', { index: data.loopIndex }) : t('alarm.deviceType.gateway'),
              },
              { key: 'content', label: t('alarm.content'), children: data.content },
              { key: 'contentZh', label: t('alarm.type.contentZh'), children: data.contentZh || '-' },
              { key: 'contentEn', label: t('alarm.type.contentEn'), children: data.contentEn || '-' },
              { key: 'detail', label: t('alarm.detail'), children: data.detail || '-' },
              { key: 'value', label: t('alarm.value'), children: data.value ?? '-' },
              { key: 'alarmTime', label: t('alarm.alarmTime'), children: data.alarmTime },
              { key: 'endTime', label: t('alarm.endTime'), children: data.endTime ?? '-' },
              { key: 'recovered', label: t('alarm.recovered'), children: data.recovered ? t('common.yes') : t('common.no') },
              { key: 'closeReason', label: t('alarm.closeReason'), children: data.closeReason || '-' },
            ]}
          />
        ) : null}
      </Spin>
    </Drawer>
  );
}
