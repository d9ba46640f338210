import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { consoleBackend } from '../../../test/backend';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp, renderWithProviders } from '../../../test/renderWithProviders';
import AvatarCropper from './AvatarCropper';
import type * as avatarModule from './avatar';

vi.mock('./avatar', async (importOriginal) => ({
  ...(await importOriginal<typeof avatarModule>()),
  // jsdom has no canvas
  cropToPng: vi.fn(() => Promise.resolve(new Blob(['png'], { type: 'image/png' }))),
}));

const profile = {
  code: 200,
  msg: '操作成功',
  data: {
    userId: 1,
    userName: 'admin',
    nickName: '超级管理员',
    email: '',
    phonenumber: '',
    sex: '0',
    avatar: '/avatar/admin.png',
    createTime: '2024-05-01T10:00:00Z',
  },
  roleGroup: '超级管理员',
};

function backend() {
  return consoleBackend({
    'GET /system/user/profile': { body: profile },
    'PUT /system/user/profile': { body: { code: 200, msg: '操作成功' } },
    'PUT /system/user/profile/updatePwd': (request: MockRequest) =>
      (request.body as { oldPassword: string }).oldPassword === 'admin123'
        ? { body: { code: 200, msg: '操作成功' } }
        : { status: 400, body: { code: 400, msg: '修改密码失败，旧密码错误' } },
  });
}

describe('the personal center', () => {
  it('shows the details and saves a new nickname; phone and email are checked', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    const { callsTo } = backend();
    const { user } = renderApp({ route: '/user/profile' });
    const nickName = await screen.findByLabelText('用户昵称');
    await waitFor(() => expect(nickName).toHaveValue('超级管理员'));
    expect(screen.getByText('超级管理员', { selector: '.ant-descriptions-item-content' })).toBeInTheDocument();
    expect(screen.getByAltText('用户头像').closest('.ant-avatar')?.querySelector('img')).toHaveAttribute(
      'src',
      '/prod-api/files/avatar/admin.png',
    );

    await user.clear(nickName);
    await user.type(nickName, '演示管理员');
    await user.type(screen.getByLabelText('手机号码'), '12345678901');
    await user.type(screen.getByLabelText('用户邮箱'), 'not-an-email');
    await user.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeInTheDocument();
    expect(callsTo('PUT /system/user/profile')).toHaveLength(0);

    await user.clear(screen.getByLabelText('手机号码'));
    await user.type(screen.getByLabelText('手机号码'), '13800138000');
    await user.clear(screen.getByLabelText('用户邮箱'));
    await user.click(screen.getAllByRole('button', { name: '保存' })[0]!);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/user/profile')[0]?.body).toEqual({
      nickName: '演示管理员',
      phonenumber: '13800138000',
      email: '',
      sex: '0',
    });
    // the top bar follows
    expect(screen.getByRole('link', { name: '演示管理员' })).toHaveAttribute('href', '/user/profile');
  });

  it('changes the password: 6 to 20, entered twice, a wrong old one refused by the server', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    const { callsTo } = backend();
    const { user } = renderApp({ route: '/user/profile' });
    await user.click(await screen.findByRole('tab', { name: '修改密码' }));
    const save = () => screen.getAllByRole('button', { name: '保存' }).at(-1)!;

    await user.type(screen.getByLabelText('旧密码'), 'wrong-old');
    await user.type(screen.getByLabelText('新密码'), '12345');
    await user.type(screen.getByLabelText('确认密码'), '123456');
    await user.click(save());
    expect(await screen.findByText('长度在 6 到 20 个字符')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();

    await user.type(screen.getByLabelText('新密码'), '6');
    await user.click(save());
    expect(await screen.findByText('修改密码失败，旧密码错误')).toBeInTheDocument();
    expect(callsTo('PUT /system/user/profile/updatePwd')[0]?.body).toEqual({ oldPassword: 'wrong-old', newPassword: '123456' });
  });
});

describe('the avatar', () => {
  it('is cropped, uploaded as avatarfile, and shown in the top bar', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { callsTo } = consoleBackend({
      'GET /system/user/profile': { body: profile },
      'POST /system/user/profile/avatar': { body: { code: 200, msg: '操作成功', imgUrl: '/avatar/new.png' } },
    });
    const { user } = renderApp({ route: '/user/profile' });
    await user.click(await screen.findByRole('button', { name: '修改头像' }));
    const dialog = await screen.findByRole('dialog', { name: '修改头像' });
    await user.upload(within(dialog).getByLabelText('头像图片文件'), new File(['png'], 'me.png', { type: 'image/png' }));
    fireEvent.load(dialog.querySelector('img') as HTMLImageElement);
    await user.click(within(dialog).getByRole('button', { name: '上传' }));
    expect(await screen.findByText('头像修改成功')).toBeInTheDocument();
    const sent = callsTo('POST /system/user/profile/avatar')[0]?.body as FormData;
    expect(sent.get('avatarfile')).toBeTruthy();
    const topBarAvatar = screen.getByRole('link', { name: '超级管理员' }).querySelector('img');
    expect(topBarAvatar).toHaveAttribute('src', '/prod-api/files/avatar/new.png');
  });
});

describe('the avatar cropper', () => {
  it('refuses other files, crops and uploads an image', async () => {
    const onUpload = vi.fn(() => Promise.resolve());
    const crop = vi.fn(() => Promise.resolve(new Blob(['png'], { type: 'image/png' })));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<AvatarCropper open onClose={onClose} onUpload={onUpload} crop={crop} />);
    const dialog = await screen.findByRole('dialog', { name: '修改头像' });
    const input = within(dialog).getByLabelText('头像图片文件');
    // the file dialog offers PNG and JPEG only; a GIF can still be dropped in
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('文件格式错误，请上传 PNG 或 JPG 图片')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '上传' })).toBeDisabled();

    await user.upload(input, new File(['png'], 'a.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('button', { name: '上传' })).toBeEnabled();
    const image = dialog.querySelector('img');
    expect(image).toHaveAttribute('src', 'blob:avatar');
    // react-easy-crop reports the area once the image has loaded
    fireEvent.load(image as HTMLImageElement);
    await user.click(within(dialog).getByRole('button', { name: '上传' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    const [source, area] = crop.mock.calls[0] as unknown as [string, { x: number; width: number }];
    expect(source).toBe('blob:avatar');
    expect(typeof area.x).toBe('number');
    expect(typeof area.width).toBe('number');
    expect(onClose).toHaveBeenCalled();
  });
});
