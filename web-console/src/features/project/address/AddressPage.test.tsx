import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { addressBackend, ok } from './fixtures';

/** The names in the tree table, top to bottom. */
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent ?? '');

/** The titles the open tree select offers. */
const offered = () => [...document.querySelectorAll('.ant-select-dropdown [title]')].map((node) => node.getAttribute('title'));

describe('the address page', () => {
  it('shows the project tree and searches by name', async () => {
    signInWithProject();
    const { callsTo } = addressBackend();
    const { user } = renderApp({ route: '/project/address' });
    expect(await screen.findByRole('button', { name: '折叠 滨江公园' })).toHaveAttribute('aria-expanded', 'true');
    expect(shownNames()).toEqual(['滨江公园', '东区', '观景步道', '西区']);
    expect(callsTo('GET /project/address/list')[0]?.headers.get('ProjectId')).toBe('1');

    await user.type(screen.getByLabelText('地址名称'), '步道');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /project/address/list').at(-1)?.query.get('addressName')).toBe('步道'));
  });

  it('adds a child from its row, checks the name first', async () => {
    signInWithProject();
    const { callsTo } = addressBackend({ 'POST /project/address': ok({ data: 9 }) });
    const { user } = renderApp({ route: '/project/address' });
    await user.click(await screen.findByRole('button', { name: '新增下级 东区' }));
    const dialog = await screen.findByRole('dialog', { name: '新增地址' });
    expect(within(dialog).getByTitle('东区')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('地址名称'), '   ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('地址名称不能为空，且不超过50个字符')).toBeInTheDocument();
    expect(callsTo('POST /project/address')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('地址名称'), ' 亲水平台 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /project/address')[0]?.body).toEqual({ parentId: 2, addressName: '亲水平台', orderNum: 0, remark: '' });
  });

  it('edits with a parent picker that leaves out the address and what is under it, and shows the refusal to move', async () => {
    signInWithProject();
    const refusal = '该地址存在下级地址，不能修改上级地址';
    const { callsTo } = addressBackend({ 'PUT /project/address': ok({ code: 500, msg: refusal }) });
    const { user } = renderApp({ route: '/project/address' });
    await user.click(await screen.findByRole('button', { name: '修改 东区' }));
    const dialog = await screen.findByRole('dialog', { name: '修改地址' });
    expect(within(dialog).getByLabelText('地址名称')).toHaveValue('东区');
    await user.click(within(dialog).getByLabelText('上级地址'));
    await waitFor(() => expect(offered()).toContain('西区'));
    expect(offered()).not.toContain('东区');
    expect(offered()).not.toContain('观景步道');
    const west = [...document.querySelectorAll('.ant-select-dropdown [title="西区"]')][0] as HTMLElement;
    await user.click(west);
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(callsTo('PUT /project/address')[0]?.body).toEqual({ addressId: 2, parentId: 3, addressName: '东区', orderNum: 0, remark: '' });
  });

  it('deletes after confirmation and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = addressBackend({ 'DELETE /project/address/4': ok() });
    const { user } = renderApp({ route: '/project/address' });
    expect(await screen.findByRole('columnheader', { name: 'Address name' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete 观景步道' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete the address "观景步道"?');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo('DELETE /project/address/4')).toHaveLength(1));
  });
});
