import type { Dayjs } from 'dayjs';
import { TIMING_SENT_FORMAT } from '../rules';
import type { TimingOneKeyChange, TimingSwitchState } from '../types';

/** The add dialog's fields, as its rules leave them. */
export interface TimingFormValues {
  switchState: TimingSwitchState;
  startTime: Dayjs;
  endTime: Dayjs;
  remark?: string;
}

/** The form's values as the server takes them: wall times to the minute, with seconds ('YYYY-MM-DD HH:mm:00'); the remark trimmed. */
export function toChange(values: TimingFormValues): TimingOneKeyChange {
  return {
    switchState: values.switchState,
    startTime: values.startTime.format(TIMING_SENT_FORMAT),
    endTime: values.endTime.format(TIMING_SENT_FORMAT),
    remark: (values.remark ?? '').trim(),
  };
}
