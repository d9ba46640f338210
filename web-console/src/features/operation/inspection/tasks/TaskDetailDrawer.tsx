import { Descriptions, Drawer, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetInspectionTaskQuery } from '../../api';
import type { InspectionTaskPoint } from '../../types';
import { entered, orNone } from '../shared';
import { PointTypeTag, ResultTag, TaskStatusTag } from '../Tags';
import '../../i18n';

/** A task's detail: its fields, its result description, and its points in order with their results and work orders. */
export default function TaskDetailDrawer({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useGetInspectionTaskQuery(taskId, { refetchOnMountOrArgChange: true });

  return (
    <Drawer open title={t('operation.inspection.task.detailTitle')} width={720} onClose={onClose}>
      <Spin spinning={isFetching}>
        {data ? (
          <>
            <Descriptions
              column={2}
              size="small"
              bordered
              items={[
                { key: 'taskName', label: t('operation.inspection.task.name'), children: entered(data.taskName), span: 2 },
                { key: 'status', label: t('operation.inspection.taskStatus.title'), children: <TaskStatusTag status={data.status} /> },
                { key: 'plan', label: t('operation.inspection.task.plan'), children: data.planId ? entered(data.planName) : t('operation.inspection.task.byHand') },
                { key: 'route', label: t('operation.inspection.task.route'), children: entered(data.routeName) },
                { key: 'team', label: t('operation.inspection.task.team'), children: entered(data.teamName) },
                { key: 'startTime', label: t('operation.inspection.task.startTime'), children: orNone(data.startTime) },
                { key: 'endTime', label: t('operation.inspection.task.endTime'), children: orNone(data.endTime) },
                { key: 'handler', label: t('operation.inspection.task.handler'), children: entered(data.handlerName) },
                { key: 'finishTime', label: t('operation.inspection.task.finishTime'), children: orNone(data.finishTime) },
                { key: 'description', label: t('operation.inspection.task.description'), children: entered(data.description), span: 2 },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('operation.inspection.task.points')}
            </Typography.Title>
            <Table<InspectionTaskPoint>
              rowKey="pointId"
              size="small"
              pagination={false}
              dataSource={data.points}
              columns={[
                { key: 'seq', dataIndex: 'seq', title: t('operation.inspection.task.seq'), width: 64 },
                { key: 'pointType', dataIndex: 'pointType', title: t('operation.inspection.pointType.title'), render: (type: string) => <PointTypeTag pointType={type} /> },
                { key: 'pointName', dataIndex: 'pointName', title: t('operation.inspection.task.pointName'), render: (name: string) => entered(name) },
                { key: 'result', dataIndex: 'result', title: t('operation.inspection.result.title'), render: (result: string) => <ResultTag result={result} /> },
                { key: 'remark', dataIndex: 'remark', title: t('operation.inspection.task.pointRemark'), render: (remark: string) => entered(remark, true) },
                { key: 'workOrderNumber', dataIndex: 'workOrderNumber', title: t('operation.inspection.task.workOrder'), render: orNone },
              ]}
            />
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}
