import { screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { consoleBackend } from '../../test/backend';
import { renderApp } from '../../test/renderWithProviders';

describe('the shared components demo (development builds)', () => {
  it('puts every shared part to use', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    const { callsTo } = consoleBackend({ 'POST /system/common/upload/2': { body: { code: 200, msg: '/upload/fw.bin' } } });
    const { user } = renderApp({ route: '/demo/components' });
    expect(await screen.findByRole('heading', { name: '组件示例（仅开发版）' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '分页' })).toHaveTextContent('共 57 条');
    expect(screen.getByRole('toolbar', { name: '列表工具栏' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: '设备高度' })).toHaveAttribute('aria-valuenow', '1000');
    expect(screen.getByRole('combobox', { name: '选择节点' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '有权限可见' })).toBeInTheDocument();
    // roles in state are only ROLE_DEFAULT: the admin-only button stays away
    expect(screen.queryByRole('button', { name: '管理员可见' })).not.toBeInTheDocument();
    expect(screen.getByText('2024-05-01', { exact: false })).toBeInTheDocument();

    // a firmware file must be .bin
    await user.upload(screen.getByLabelText('检查文件'), new File(['x'], 'fw.hex'));
    expect(await screen.findByText('文件格式不正确，请上传 bin 格式文件')).toBeInTheDocument();

    // the upload helper refuses a type other than 1, 2, 3
    const type = screen.getByLabelText('上传类型');
    await user.clear(type);
    await user.type(type, '4');
    await user.upload(screen.getByLabelText('上传文件'), new File(['x'], 'fw.bin'));
    expect(await screen.findByText('文件类型错误')).toBeInTheDocument();
    expect(callsTo('POST /system/common/upload/4')).toHaveLength(0);
    await user.clear(type);
    await user.type(type, '2');
    await user.upload(screen.getByLabelText('上传文件'), new File(['x'], 'fw.bin'));
    expect(await screen.findByText('/upload/fw.bin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '对话框 500px' }));
    const dialog = await screen.findByRole('dialog', { name: '对话框' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '500px' });
    await user.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
  });
});
