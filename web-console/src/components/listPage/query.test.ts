import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersFrom, initialFilters, initialValues } from './query';
import type { SearchField } from './types';

interface LogQuery {
  pageNum: number;
  pageSize: number;
  userName?: string;
  status?: string;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

const text: SearchField<LogQuery> = { kind: 'text', name: 'userName', label: '用户名称' };
const status: SearchField<LogQuery> = { kind: 'select', name: 'status', label: '状态', options: [{ value: '0', label: '成功' }] };
const range = { name: 'loginTime', from: 'params[beginTime]', to: 'params[endTime]', label: '访问时间' } as const;
const picked = [dayjs('2026-05-01 08:30:15'), dayjs('2026-05-02 17:45:00')];

describe('the search form filters', () => {
  it('trim texts and leave empty values out', () => {
    expect(filtersFrom([text, status], { userName: '  admin ', status: undefined })).toEqual({ userName: 'admin' });
    expect(filtersFrom([text, status], { userName: '   ', status: '0' })).toEqual({ status: '0' });
  });

  it('split a date-time range into its two parameters, to the second', () => {
    expect(filtersFrom<LogQuery>([{ kind: 'dateTimeRange', ...range }], { loginTime: picked })).toEqual({
      'params[beginTime]': '2026-05-01 08:30:15',
      'params[endTime]': '2026-05-02 17:45:00',
    });
  });

  it('split a range of days into its two parameters, whole days (as RuoYi logs are filtered)', () => {
    expect(filtersFrom<LogQuery>([{ kind: 'dateRange', ...range }], { loginTime: picked })).toEqual({
      'params[beginTime]': '2026-05-01',
      'params[endTime]': '2026-05-02',
    });
    expect(filtersFrom<LogQuery>([{ kind: 'dateRange', ...range }], { loginTime: null })).toEqual({});
  });

  it("start from the ranges' initial values, none for the other fields", () => {
    const days = [dayjs('2026-05-01'), dayjs('2026-05-10')] as [dayjs.Dayjs, dayjs.Dayjs];
    const fields: SearchField<LogQuery>[] = [text, status, { kind: 'dateRange', ...range, initial: days }];
    expect(initialValues(fields)).toEqual({ loginTime: days });
    expect(initialFilters(fields)).toEqual({ 'params[beginTime]': '2026-05-01', 'params[endTime]': '2026-05-10' });
    expect(initialFilters([text, status, { kind: 'dateRange', ...range }])).toEqual({});
  });
});
