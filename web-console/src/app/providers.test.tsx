import { act } from 'react';
import { DatePicker, Table } from 'antd';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { AppProviders } from './providers';

function EmptyListWithDates() {
  return (
    <AppProviders>
      <DatePicker.RangePicker />
      <Table columns={[{ title: 'x', dataIndex: 'x', key: 'x' }]} dataSource={[]} />
    </AppProviders>
  );
}

describe("antd's and dayjs's locale", () => {
  it('follow the language toggle: empty tables, date-range pickers, month and day names', async () => {
    render(<EmptyListWithDates />);
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText('开始日期')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('结束日期')).toBeInTheDocument();
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2026-03-02').format('MMMM dddd')).toBe('三月 星期一');

    await act(() => changeLanguage('en'));
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
    expect(screen.getByPlaceholderText('Start date')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('End date')).toBeInTheDocument();
    expect(screen.queryAllByText('暂无数据')).toHaveLength(0);
    expect(dayjs.locale()).toBe('en');
    expect(dayjs('2026-03-02').format('MMMM dddd')).toBe('March Monday');

    await act(() => changeLanguage('zh-CN'));
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(dayjs.locale()).toBe('zh-cn');
  });
});
