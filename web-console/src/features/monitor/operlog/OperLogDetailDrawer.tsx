import { Descriptions, Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { optionLabel } from '../../system/useDictOptions';
import { useGetOperLogQuery } from '../api';
import { useOperTypes } from '../shared/dicts';
import ModuleName from '../shared/ModuleName';
import ResultTag from '../shared/ResultTag';
import '../i18n';

const PRE = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 240, overflow: 'auto' } as const;

/** A text the server recorded (parameters, result), as it recorded it: secrets are ****** there already. */
function Recorded({ text, label }: { text: string; label: string }) {
  return text ? (
    <pre translate="no" aria-label={label} style={PRE}>
      {text}
    </pre>
  ) : (
    '-'
  );
}

/**
 * One operation (GET /monitor/operlog/{operId}): module and action, what the route does, the
 * request's method and path, operator and address, the parameters as sent and the answer
 * (passwords and secrets already replaced by the server), result, error and duration.
 */
export default function OperLogDetailDrawer({ operId, onClose }: { operId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetOperLogQuery(operId);
  const types = useOperTypes();
  return (
    <Drawer open title={t('monitor.operLog.detailTitle')} width="min(720px, 100%)" onClose={onClose}>
      <Spin spinning={isFetching}>
        {data ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'id', label: t('monitor.operLog.operId'), children: data.operId },
              {
                key: 'module',
                label: t('monitor.operLog.title'),
                children: (
                  <>
                    <ModuleName module={data.title} /> / {optionLabel(types, String(data.businessType))}
                  </>
                ),
              },
              { key: 'method', label: t('monitor.operLog.method'), children: <AsEntered text={data.method} /> },
              { key: 'request', label: t('monitor.operLog.operUrl'), children: <AsEntered text={`${data.requestMethod} ${data.operUrl}`} /> },
              { key: 'operator', label: t('monitor.operLog.operName'), children: <AsEntered text={data.operName} /> },
              { key: 'ip', label: t('monitor.operLog.operIp'), children: data.operIp },
              { key: 'param', label: t('monitor.operLog.operParam'), children: <Recorded text={data.operParam} label={t('monitor.operLog.operParam')} /> },
              { key: 'result', label: t('monitor.operLog.jsonResult'), children: <Recorded text={data.jsonResult} label={t('monitor.operLog.jsonResult')} /> },
              { key: 'status', label: t('monitor.operLog.status'), children: <ResultTag status={data.status} /> },
              { key: 'error', label: t('monitor.operLog.errorMsg'), children: data.errorMsg ? <AsEntered text={data.errorMsg} /> : '-' },
              { key: 'time', label: t('monitor.operLog.operTime'), children: data.operTime },
              { key: 'cost', label: t('monitor.operLog.costTime'), children: t('monitor.operLog.milliseconds', { value: data.costTime }) },
            ]}
          />
        ) : null}
      </Spin>
    </Drawer>
  );
}
