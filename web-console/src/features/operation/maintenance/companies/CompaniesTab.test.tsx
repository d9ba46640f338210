import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../i18n';
import { renderApp } from '../../../../test/renderWithProviders';
import { signInWithProject } from '../../../../test/session';
import { ok } from '../../../lighting/fixtures';
import { brightCompany, maintenanceBackend } from '../../fixtures';

const ROUTE = '/operation/maintenance';

async function openCompanies(user: UserEvent, name = '维保单位') {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

const rowOf = async (panel: HTMLElement, name: string) => (await within(panel).findByText(name)).closest('tr') as HTMLElement;

describe('the maintenance companies', () => {
  it('lists the companies with their contact, phone, address and contracts', async () => {
    signInWithProject();
    maintenanceBackend();
    const { user } = renderApp({ route: ROUTE });
    const panel = await openCompanies(user);
    const row = await rowOf(panel, brightCompany.companyName);
    for (const text of ['王工', '13800138000', '杭州市滨江区江南大道88号', '2']) expect(within(row).getByText(text)).toBeInTheDocument();
  });

  it('adds a company: the name required, a phone given is a mobile number, then the body the server expects', async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend({ 'POST /operation/maintenance/company': ok({ companyId: 62 }) });
    const { user } = renderApp({ route: ROUTE });
    const panel = await openCompanies(user);
    await rowOf(panel, brightCompany.companyName);
    await user.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增维保单位' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入单位名称')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('单位名称'), ' 江南电气维修有限公司 ');
    const phoneRule = '联系电话须为 11 位手机号码：以 1 开头，第二位为 3 到 9';
    // the second digit 2, ten digits, a letter
    for (const phone of ['12800138000', '1380013800', '1380013800a']) {
      await user.clear(within(dialog).getByLabelText('联系电话'));
      // none is a valid phone: the message goes, so the one below is this phone's
      await waitFor(() => expect(within(dialog).queryByText(phoneRule)).toBeNull());
      await user.type(within(dialog).getByLabelText('联系电话'), phone);
      await waitFor(() => expect(within(dialog).getByText(phoneRule), phone).toBeInTheDocument());
    }
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo('POST /operation/maintenance/company')).toHaveLength(0);
    // none is fine too
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await waitFor(() => expect(within(dialog).queryByText(phoneRule)).not.toBeInTheDocument());
    await user.type(within(dialog).getByLabelText('联系电话'), '19912345678');
    await user.type(within(dialog).getByLabelText('联系人'), '李工');
    await user.type(within(dialog).getByLabelText('地址'), '杭州市上城区');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /operation/maintenance/company')[0]?.body).toEqual({
      companyName: '江南电气维修有限公司',
      contactName: '李工',
      phone: '19912345678',
      address: '杭州市上城区',
      remark: '',
    });
  });

  it('edits a company read afresh, its phone cleared', async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend({ 'PUT /operation/maintenance/company': ok({ companyId: 61 }) });
    const { user } = renderApp({ route: ROUTE });
    const panel = await openCompanies(user);
    const row = await rowOf(panel, brightCompany.companyName);
    await user.click(within(row).getByRole('button', { name: `修改 ${brightCompany.companyName}` }));
    const dialog = await screen.findByRole('dialog', { name: '修改维保单位' });
    expect(within(dialog).getByLabelText('联系电话')).toHaveValue('13800138000');
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('GET /operation/maintenance/company/61')).not.toHaveLength(0);
    expect(callsTo('PUT /operation/maintenance/company')[0]?.body).toEqual({
      companyId: 61,
      companyName: brightCompany.companyName,
      contactName: '王工',
      phone: '',
      address: brightCompany.address,
      remark: '',
    });
  });

  it("shows the server's refusal to delete a company that has contracts", async () => {
    signInWithProject();
    const { callsTo } = maintenanceBackend({ 'DELETE /operation/maintenance/company/61': ok({ code: 500, msg: '维保单位已有合同，不能删除' }) });
    const { user } = renderApp({ route: ROUTE });
    const panel = await openCompanies(user);
    const row = await rowOf(panel, brightCompany.companyName);
    await user.click(within(row).getByRole('button', { name: `删除 ${brightCompany.companyName}` }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(`确定删除维保单位“${brightCompany.companyName}”吗？`);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('维保单位已有合同，不能删除')).toBeInTheDocument();
    expect(callsTo('DELETE /operation/maintenance/company/61')).toHaveLength(1);
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    maintenanceBackend();
    const { user } = renderApp({ route: ROUTE });
    const panel = await openCompanies(user, 'Companies');
    await rowOf(panel, brightCompany.companyName);
    for (const name of ['Company name', 'Contact', 'Phone', 'Contracts']) expect(within(panel).getByRole('columnheader', { name })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add maintenance company' });
    await user.type(within(dialog).getByLabelText('Phone'), '12800138000');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Enter the company name')).toBeInTheDocument();
    expect(await within(dialog).findByText('The phone is an 11-digit mobile number: 1 first, then 3 to 9')).toBeInTheDocument();
  });
});
