import type { AreaChange, PlanArea, PlanPoint } from '../types';

/** The area form's fields. */
export interface AreaFormValues {
  areaName: string;
  areaType: string;
  colour: string;
  orderNum: number;
  remark?: string;
  points: PlanPoint[];
}

/** The colour each type starts with (the server's defaults). */
export const TYPE_COLOURS: Record<string, string> = { '1': '#409EFF', '2': '#E6A23C' };

/** A new area: of type area, in its colour, first in order, not drawn yet. */
export const NEW_AREA: AreaFormValues = { areaName: '', areaType: '1', colour: TYPE_COLOURS['1']!, orderNum: 0, points: [] };

export function toValues({ areaName, areaType, colour, orderNum, remark, points }: PlanArea): AreaFormValues {
  return { areaName, areaType, colour, orderNum, remark, points };
}

/** The form's values as the server takes them, name and remark trimmed. */
export function toChange(values: AreaFormValues): AreaChange {
  return {
    areaName: (values.areaName ?? '').trim(),
    areaType: values.areaType,
    points: values.points ?? [],
    colour: values.colour,
    orderNum: values.orderNum ?? 0,
    remark: (values.remark ?? '').trim(),
  };
}
