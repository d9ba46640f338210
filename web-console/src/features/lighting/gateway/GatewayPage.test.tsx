import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { lightingBackend, ok } from '../fixtures';

describe('the gateways page', () => {
  it('lists gateways, checks the form as the server does, adds one, and deletes after confirmation', async () => {
    signInWithProject();
    const { callsTo } = lightingBackend({
      'POST /lighting/gateway': ok({ data: { gatewayId: 8 } }),
      'DELETE /lighting/gateway/7': ok(),
    });
    const { user } = renderApp({ route: '/lighting/gateway' });
    const row = (await screen.findByText('北区网关')).closest('tr') as HTMLElement;
    expect(within(row).getByText('GW-0007')).toBeInTheDocument();
    expect(within(row).getByText('在线')).toBeInTheDocument();
    expect(within(row).getByText('4G')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '信号 -75 dBm，3/4 格' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增网关' });
    await user.type(within(dialog).getByLabelText('网关编号'), 'GW 01');
    await user.clear(within(dialog).getByLabelText('回路数'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('网关名称为 1 到 50 个字符')).toBeInTheDocument();
    expect(within(dialog).getByText('网关编号为 1 到 32 位字母、数字、下划线或中划线')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择通信方式')).toBeInTheDocument();
    expect(within(dialog).getByText('回路数为 1 到 64 的整数')).toBeInTheDocument();
    expect(callsTo('POST /lighting/gateway')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('网关名称'), ' 南区网关 ');
    await user.clear(within(dialog).getByLabelText('网关编号'));
    await user.type(within(dialog).getByLabelText('网关编号'), 'GW-0008');
    await user.click(within(dialog).getByLabelText('通信方式'));
    await user.click(await screen.findByTitle('以太网'));
    await user.type(within(dialog).getByLabelText('回路数'), '2');
    await user.type(await within(dialog).findByLabelText('回路1'), '景观带');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /lighting/gateway')[0]?.body).toEqual({
      gatewayName: '南区网关',
      gatewayNumber: 'GW-0008',
      communicationType: '2',
      loopCount: 2,
      loops: [
        { loopIndex: 1, loopName: '景观带' },
        { loopIndex: 2, loopName: '' },
      ],
      remark: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增网关' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '删除 北区网关' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除网关“北区网关”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /lighting/gateway/7')).toHaveLength(1);
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    lightingBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:gateway:list', 'pc:lighting:gateway:query'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/lighting/gateway' });
    await screen.findByText('北区网关');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 北区网关' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 北区网关' })).not.toBeInTheDocument();
    // no batch delete, so nothing to choose rows for
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
