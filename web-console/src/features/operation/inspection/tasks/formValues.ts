import type { Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../../components/listPage';
import { RESULT_ABNORMAL } from '../../rules';
import type { InspectionDeal, InspectionTaskChange, InspectionTaskDetail } from '../../types';

/** The add-task dialog's fields. */
export interface TaskFormValues {
  taskName: string;
  routeId?: number;
  teamId?: number;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
}

/** POST /operation/inspection/task body: the name trimmed, times as YYYY-MM-DD HH:mm:ss. */
export function toChange(values: TaskFormValues): InspectionTaskChange {
  return {
    taskName: values.taskName.trim(),
    routeId: Number(values.routeId),
    teamId: Number(values.teamId),
    startTime: values.startTime ? values.startTime.format(DATE_TIME_FORMAT) : '',
    endTime: values.endTime ? values.endTime.format(DATE_TIME_FORMAT) : '',
  };
}

/** One point's fields in the deal dialog, by the point's position in the task. */
export interface PointResultValues {
  result?: string;
  remark?: string;
  /** Raise a work order (an abnormal point only). */
  workOrder?: boolean;
  questionType?: string;
}

/** The deal dialog's fields. */
export interface DealFormValues {
  description?: string;
  results?: PointResultValues[];
}

/** The points as the dialog starts them: their results so far, no work order, the question "other" once one is raised. */
export function dealValuesOf(task: InspectionTaskDetail, defaultQuestion: string): DealFormValues {
  return {
    description: task.description ?? '',
    results: task.points.map((point) => ({ result: point.result || undefined, remark: point.remark ?? '', workOrder: false, questionType: defaultQuestion })),
  };
}

/**
 * PUT /operation/inspection/task/deal body: the description trimmed, every point of the task
 * with its result and remark; a work order only for an abnormal point that asks for one, with
 * its question type (none otherwise).
 */
export function toDeal(task: Pick<InspectionTaskDetail, 'taskId' | 'points'>, values: DealFormValues): InspectionDeal {
  return {
    taskId: task.taskId,
    description: (values.description ?? '').trim(),
    results: task.points.map((point, index) => {
      const entered = values.results?.[index] ?? {};
      const workOrder = entered.result === RESULT_ABNORMAL && entered.workOrder === true;
      return {
        pointId: point.pointId,
        result: entered.result ?? '',
        remark: (entered.remark ?? '').trim(),
        workOrder,
        questionType: workOrder ? (entered.questionType ?? '') : '',
      };
    }),
  };
}
