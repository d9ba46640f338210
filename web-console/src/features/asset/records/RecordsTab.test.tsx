import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import AssetPage from '../AssetPage';
import { assetBackend, ok, receiveRecord, scrapRecord, signedIn } from '../fixtures';
import type { AssetRecord } from '../types';

async function openRecords(user: UserEvent, name = '资产记录') {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

/** The row of the record with this remark. */
const rowOf = async (panel: HTMLElement, remark: string) => (await within(panel).findByText(remark)).closest('tr') as HTMLElement;

describe('the asset records', () => {
  it('lists the records: type, status, person, date and assets; return and cancel offered only where they apply; filters on the server', async () => {
    const { callsTo } = assetBackend();
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openRecords(user);
    const receive = await rowOf(panel, receiveRecord.remark);
    for (const text of ['领用', '有效', '张工', '2026-05-02', 'ZC-0001', 'admin']) expect(within(receive).getByText(text)).toBeInTheDocument();
    expect(within(receive).getByRole('button', { name: '归还 ZC-0001' })).toBeInTheDocument();
    expect(within(receive).queryByRole('button', { name: /撤销报废/ })).not.toBeInTheDocument();

    const scrap = await rowOf(panel, scrapRecord.remark);
    for (const text of ['报废', '有效', '王工', 'ZC-0006']) expect(within(scrap).getByText(text)).toBeInTheDocument();
    expect(within(scrap).getByRole('button', { name: '撤销报废 ZC-0006' })).toBeInTheDocument();
    expect(within(scrap).queryByRole('button', { name: /归还/ })).not.toBeInTheDocument();

    // a returned receive and its return take no action
    const rows = within(panel).getAllByRole('row').filter((row) => within(row).queryByText('ZC-0002'));
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('已归还')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('归还')).toBeInTheDocument();
    for (const row of rows) expect(within(row).queryAllByRole('button')).toHaveLength(0);

    const form = within(panel).getByRole('button', { name: '搜索' }).closest('form') as HTMLElement;
    await selectOption(user, form, '记录类型', '报废');
    await user.type(within(form).getByLabelText('关键字'), '王工');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /operation/asset/record/list').at(-1)?.query.get('recordType')).toBe('4'));
    expect(Object.fromEntries(callsTo('GET /operation/asset/record/list').at(-1)?.query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '20',
      recordType: '4',
      keyword: '王工',
    });
  });

  it('cancels a scrap after a confirmation: each asset back to the status it had, the lists asked again', async () => {
    let records: AssetRecord[] = [scrapRecord, receiveRecord];
    const { callsTo } = assetBackend({
      'GET /operation/asset/record/list': () => ok({ rows: records, total: records.length }),
      'PUT /operation/asset/record/cancelScrap/33': () => {
        records = records.map((record) => (record.recordId === 33 ? { ...record, status: '1' } : record));
        return ok({ recordId: 33 });
      },
    });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openRecords(user);
    const row = await rowOf(panel, scrapRecord.remark);

    // asked first: no answer, nothing sent
    await user.click(within(row).getByRole('button', { name: '撤销报废 ZC-0006' }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定撤销报废记录（ZC-0006）吗？资产将恢复报废前的状态。');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(callsTo('PUT /operation/asset/record/cancelScrap/33')).toHaveLength(0);

    const assetCalls = callsTo('GET /operation/asset/list').length;
    await user.click(within(row).getByRole('button', { name: '撤销报废 ZC-0006' }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已撤销报废')).toBeInTheDocument();
    expect(callsTo('PUT /operation/asset/record/cancelScrap/33')).toHaveLength(1);
    const cancelled = await rowOf(panel, scrapRecord.remark);
    await waitFor(() => expect(within(cancelled).getByText('已撤销')).toBeInTheDocument());
    expect(within(cancelled).queryByRole('button', { name: '撤销报废 ZC-0006' })).not.toBeInTheDocument();
    // the assets' statuses changed: their list is asked again
    await waitFor(() => expect(callsTo('GET /operation/asset/list').length).toBeGreaterThan(assetCalls));
  });

  it('returns a receive record: its assets shown, the person its own at first, the date today', async () => {
    const { callsTo } = assetBackend({ 'POST /operation/asset/record/return': ok({ recordId: 36 }) });
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openRecords(user);
    const row = await rowOf(panel, receiveRecord.remark);
    await user.click(within(row).getByRole('button', { name: '归还 ZC-0001' }));
    const dialog = await screen.findByRole('dialog', { name: '资产归还' });
    expect(within(within(dialog).getByRole('list', { name: '归还的资产' })).getByText('ZC-0001 滨江步道投光灯')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('经办人')).toHaveValue('张工');
    await user.clear(within(dialog).getByLabelText('经办人'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入经办人')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/record/return')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('经办人'), '李工');
    await user.type(within(dialog).getByLabelText('备注'), '夜间照明结束');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('归还成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/asset/record/return')[0]?.body).toEqual({
      recordId: 31,
      person: '李工',
      recordDate: dayjs().format('YYYY-MM-DD'),
      remark: '夜间照明结束',
    });
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    assetBackend();
    const { user } = renderWithProviders(<AssetPage />, signedIn());
    const panel = await openRecords(user, 'Records');
    const scrap = await rowOf(panel, scrapRecord.remark);
    expect(await within(scrap).findByText('Scrap')).toBeInTheDocument();
    expect(await within(scrap).findByText('Effective')).toBeInTheDocument();
    for (const name of ['Record type', 'Record status', 'Person', 'Date', 'Assets', 'Remark', 'Recorded by']) {
      expect(within(panel).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    await user.click(within(scrap).getByRole('button', { name: 'Cancel scrap ZC-0006' }));
    expect(await screen.findByRole('dialog', { name: 'Prompt' })).toHaveTextContent('Cancel the scrap record (ZC-0006)? The assets go back to the status they had.');
  });
});
