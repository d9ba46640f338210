import { Descriptions, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { optionLabel } from '../../system/useDictOptions';
import { useGetJobLogQuery } from '../api';
import { useJobGroups } from '../shared/dicts';
import HandlerLabel from '../shared/HandlerLabel';
import { useJobHandlers } from '../shared/handlers';
import ResultTag from '../shared/ResultTag';
import { useDuration } from './columns';
import '../i18n';

const PRE = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** One run (GET /monitor/jobLog/{jobLogId}): the job, its fire, start and stop times, result, message and exception. */
export default function JobLogDetailDrawer({ jobLogId, onClose }: { jobLogId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetJobLogQuery(jobLogId);
  const groups = useJobGroups();
  const { labelOf } = useJobHandlers();
  const duration = useDuration();
  return (
    <Drawer open title={t('monitor.jobLog.detailTitle')} width={560} onClose={onClose}>
      <Spin spinning={isFetching}>
        {data ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'id', label: t('monitor.jobLog.jobLogId'), children: data.jobLogId },
              { key: 'name', label: t('monitor.job.jobName'), children: <AsEntered text={data.jobName} /> },
              { key: 'group', label: t('monitor.job.jobGroup'), children: optionLabel(groups, data.jobGroup) },
              { key: 'target', label: t('monitor.job.invokeTarget'), children: <HandlerLabel label={labelOf(data.invokeTarget)} handlerKey={data.invokeTarget} /> },
              { key: 'fireTime', label: t('monitor.jobLog.fireTime'), children: data.fireTime },
              { key: 'startTime', label: t('monitor.jobLog.startTime'), children: data.startTime },
              { key: 'stopTime', label: t('monitor.jobLog.stopTime'), children: data.stopTime || '-' },
              { key: 'duration', label: t('monitor.jobLog.duration'), children: duration(data) || '-' },
              { key: 'status', label: t('monitor.jobLog.status'), children: <ResultTag status={data.status} /> },
              { key: 'message', label: t('monitor.jobLog.jobMessage'), children: data.jobMessage ? <AsEntered text={data.jobMessage} /> : '-' },
              {
                key: 'exception',
                label: t('monitor.jobLog.exceptionInfo'),
                children: data.exceptionInfo ? (
                  <pre translate="no" style={PRE}>
                    {data.exceptionInfo}
                  </pre>
                ) : (
                  '-'
                ),
              },
            ]}
          />
        ) : null}
      </Spin>
    </Drawer>
  );
}
