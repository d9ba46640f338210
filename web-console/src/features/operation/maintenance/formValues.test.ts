import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { brightCompany, endedContract, nearEndContract, overduePlan } from '../fixtures';
import { toChange as companyChange, toValues as companyValues } from './companies/formValues';
import { amountText, toChange as contractChange, toValues as contractValues } from './contracts/formValues';
import { isDayOff, toChange as planChange, toValues as planValues } from './plans/formValues';

describe('the maintenance dialogs send what the server takes', () => {
  it('a company: texts trimmed, an empty field as ""', () => {
    expect(companyChange({ companyName: ' 明亮照明 ', phone: ' 13800138000 ' })).toEqual({
      companyName: '明亮照明',
      contactName: '',
      phone: '13800138000',
      address: '',
      remark: '',
    });
    expect(companyChange(companyValues(brightCompany))).toEqual({
      companyName: brightCompany.companyName,
      contactName: '王工',
      phone: '13800138000',
      address: brightCompany.address,
      remark: '',
    });
  });

  it('a contract: dates as YYYY-MM-DD, the amount as typed, and back', () => {
    const values = { contractNumber: ' WB-1 ', contractName: ' 维保 ', companyId: 61, startDate: dayjs('2026-05-10'), endDate: dayjs('2026-05-30'), amount: ' 12.5 ' };
    expect(contractChange(values)).toEqual({ contractNumber: 'WB-1', contractName: '维保', companyId: 61, startDate: '2026-05-10', endDate: '2026-05-30', amount: '12.5', remark: '' });
    const back = contractValues(nearEndContract);
    expect(back.startDate?.format('YYYY-MM-DD')).toBe('2026-05-01');
    expect(back.amount).toBe('186000.00');
    // no amount: an empty field, sent as ""
    expect(contractValues(endedContract).amount).toBe('');
    expect(contractChange(contractValues(endedContract)).amount).toBe('');
  });

  it('an amount in the list: thousands separated', () => {
    expect(amountText('186000.00')).toBe('186,000.00');
    expect(amountText('999999999.99')).toBe('999,999,999.99');
    expect(amountText('12.5')).toBe('12.5');
    expect(amountText('100')).toBe('100');
    expect(amountText(null)).toBe('-');
    expect(amountText('')).toBe('-');
  });

  it('a plan: the date as YYYY-MM-DD, and back', () => {
    expect(planChange({ planName: ' 巡检 ', contractId: 71, planDate: dayjs('2026-05-12') })).toEqual({ planName: '巡检', contractId: 71, planDate: '2026-05-12', content: '' });
    expect(planValues(overduePlan).planDate?.format('YYYY-MM-DD')).toBe('2026-05-08');
  });

  it("a plan's days: not before today, within the contract's dates, the plan's own date kept", () => {
    const today = dayjs('2026-05-10T10:00:00');
    const contract = { startDate: '2026-05-01', endDate: '2026-05-25' };
    expect(isDayOff(dayjs('2026-05-09'), today)).toBe(true);
    expect(isDayOff(dayjs('2026-05-10'), today)).toBe(false);
    expect(isDayOff(dayjs('2026-06-01'), today)).toBe(false);
    expect(isDayOff(dayjs('2026-06-01'), today, contract)).toBe(true);
    expect(isDayOff(dayjs('2026-05-25'), today, contract)).toBe(false);
    expect(isDayOff(dayjs('2026-05-08'), today, contract, '2026-05-08')).toBe(false);
    expect(isDayOff(dayjs('2026-05-07'), today, contract, '2026-05-08')).toBe(true);
  });
});
