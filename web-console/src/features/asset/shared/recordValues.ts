import dayjs, { type Dayjs } from 'dayjs';

/** The record dialogs' common fields: who, when, why. */
export interface RecordFormValues {
  person?: string;
  recordDate?: Dayjs | null;
  remark?: string;
}

/** A record is made today unless another day is chosen. */
export function newRecord(person = ''): RecordFormValues {
  return { person, recordDate: dayjs().startOf('day'), remark: '' };
}

/** The common part of a record's body: texts trimmed, the date as YYYY-MM-DD. */
export function toRecordBody(values: RecordFormValues): { person: string; recordDate: string; remark: string } {
  return {
    person: (values.person ?? '').trim(),
    recordDate: values.recordDate ? values.recordDate.format('YYYY-MM-DD') : '',
    remark: (values.remark ?? '').trim(),
  };
}
