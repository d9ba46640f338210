import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { firmware, ok, upgradeBackend } from '../fixtures';

/** The page's module (and the antd parts it brings) loaded once, outside the tests' waits. */
beforeAll(async () => {
  await import('./VersionPage');
}, 120_000);

const ROUTE = '/lighting/version';
const POST = 'POST /lighting/version';

/** A user that may pick any file: the picker's accept=".bin" only guides the system dialog. */
const anyFileUser = () => userEvent.setup({ delay: null, applyAccept: false });

const binOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });

describe('the gateway versions page (firmware library)', () => {
  it('lists the firmware: size in KB with one decimal, the checksum shortened', async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend();
    renderApp({ route: ROUTE });
    const row = (await screen.findByText('ls-gw100-1.5.0.bin')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1.5.0')).toBeInTheDocument();
    expect(within(row).getByText('LS-GW100')).toBeInTheDocument();
    expect(within(row).getByText('182.4 KB')).toBeInTheDocument();
    expect(within(row).getByText('9f86d081884c')).toBeInTheDocument();
    expect(within(row).queryByText(firmware.sha256)).not.toBeInTheDocument();
    expect(within(row).getByLabelText(`SHA-256 ${firmware.sha256}`)).toBeInTheDocument();
    expect(within(row).getByText('修复夜间调光')).toBeInTheDocument();
    expect(within(row).getByText('2026-05-02 09:30:00')).toBeInTheDocument();
    const [list] = callsTo('GET /lighting/version/list');
    expect(list?.query.get('pageNum')).toBe('1');
    expect(list?.query.get('pageSize')).toBe('20');
  });

  it('refuses a file that is not a .bin, larger than 500 KB or empty before sending, then uploads as multipart', async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend({ [POST]: ok({ data: { firmwareId: 6 } }) });
    renderApp({ route: ROUTE });
    const user = anyFileUser();
    await screen.findByText('ls-gw100-1.5.0.bin');
    await user.click(screen.getByRole('button', { name: '上传' }));
    const dialog = await screen.findByRole('dialog', { name: '上传固件' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('版本号为 1 到 32 位字母、数字、点、下划线、加号或中划线')).toBeInTheDocument();
    expect(await within(dialog).findByText('网关类型为 1 到 50 个字符')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择固件文件')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('版本号'), '1.5.1-rc.1+b7');
    await fill(user, within(dialog).getByLabelText('网关类型'), ' LS-GW100 ');
    await fill(user, within(dialog).getByLabelText('说明'), '灰度版本');
    // the picker's input is made anew after each pick
    const file = () => within(dialog).getByLabelText('固件文件');

    await user.upload(file(), binOf('firmware.hex', 1024));
    expect(await within(dialog).findByText('只能上传 bin 格式的固件')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await user.upload(file(), binOf('firmware.bin', 500 * 1024 + 1));
    expect(await within(dialog).findByText('固件大小不能超过 500 KB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await user.upload(file(), binOf('firmware.bin', 0));
    expect(await within(dialog).findByText('固件文件不能为空')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(callsTo(POST)).toHaveLength(0);

    // exactly 500 KB, the extension in capitals
    await user.upload(file(), binOf('LS-GW100-1.5.1.BIN', 500 * 1024));
    await waitFor(() => expect(within(dialog).queryByText('固件文件不能为空')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    const [call] = callsTo(POST);
    expect(call?.body).toBeInstanceOf(FormData);
    const form = call?.body as FormData;
    expect(form.get('version')).toBe('1.5.1-rc.1+b7');
    expect(form.get('gatewayType')).toBe('LS-GW100');
    expect(form.get('notes')).toBe('灰度版本');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('LS-GW100-1.5.1.BIN');
    expect(sent.size).toBe(500 * 1024);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传固件' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal of an upload and keeps the dialog open", async () => {
    signInWithProject();
    upgradeBackend({ [POST]: { body: { code: 500, msg: '该网关类型已存在版本 1.5.0' } } });
    renderApp({ route: ROUTE });
    const user = anyFileUser();
    await screen.findByText('ls-gw100-1.5.0.bin');
    await user.click(screen.getByRole('button', { name: '上传' }));
    const dialog = await screen.findByRole('dialog', { name: '上传固件' });
    await fill(user, within(dialog).getByLabelText('版本号'), '1.5.0');
    await fill(user, within(dialog).getByLabelText('网关类型'), 'LS-GW100');
    await user.upload(within(dialog).getByLabelText('固件文件'), binOf('fw.bin', 2048));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('该网关类型已存在版本 1.5.0')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '上传固件' })).toBeInTheDocument();
  });

  it('edits only the notes (the rest shown read-only) and deletes after a confirmation, showing a refusal', async () => {
    signInWithProject();
    const { callsTo } = upgradeBackend({
      'PUT /lighting/version': ok(),
      'DELETE /lighting/version/5': { body: { code: 500, msg: '固件正被进行中或已暂停的升级任务使用，不能删除' } },
    });
    const { user } = renderApp({ route: ROUTE });
    await user.click(await screen.findByRole('button', { name: '修改 1.5.0' }));
    const dialog = await screen.findByRole('dialog', { name: '修改固件说明' });
    expect(dialog).toHaveTextContent('版本号、网关类型、文件和校验和上传后不可修改。');
    expect(within(dialog).getByText(firmware.sha256)).toBeInTheDocument();
    expect(within(dialog).getByText('ls-gw100-1.5.0.bin')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('版本号')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('固件文件')).not.toBeInTheDocument();
    const notes = within(dialog).getByLabelText('说明');
    expect(notes).toHaveValue('修复夜间调光');
    await fill(user, notes, ' 修复夜间调光与心跳 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(callsTo('PUT /lighting/version')[0]?.body).toEqual({ firmwareId: 5, notes: '修复夜间调光与心跳' });

    await user.click(screen.getByRole('button', { name: '删除 1.5.0' }));
    const confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent('确定删除固件“1.5.0”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('固件正被进行中或已暂停的升级任务使用，不能删除')).toBeInTheDocument();
    expect(callsTo('DELETE /lighting/version/5')).toHaveLength(1);
  });

  it('hides the buttons the user may not use', async () => {
    signInWithProject();
    upgradeBackend({
      'GET /getInfo': ok({
        user: { userId: 2, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:lighting:version:list', 'pc:lighting:version:query'],
        defultMenu: '',
      }),
    });
    renderApp({ route: ROUTE });
    await screen.findByText('ls-gw100-1.5.0.bin');
    expect(screen.queryByRole('button', { name: '上传' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 1.5.0' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 1.5.0' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = upgradeBackend();
    renderApp({ route: ROUTE });
    const user = anyFileUser();
    expect(await screen.findByRole('columnheader', { name: 'Uploaded by' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload firmware' });
    await fill(user, within(dialog).getByLabelText('Version'), '1.5.1');
    await fill(user, within(dialog).getByLabelText('Gateway type'), 'LS-GW100');
    const file = () => within(dialog).getByLabelText('Firmware file');
    await user.upload(file(), binOf('firmware.zip', 10));
    expect(await within(dialog).findByText('Only .bin firmware files can be uploaded')).toBeInTheDocument();
    await user.upload(file(), binOf('firmware.bin', 600 * 1024));
    expect(await within(dialog).findByText('Firmware must not exceed 500 KB')).toBeInTheDocument();
    await user.upload(file(), binOf('firmware.bin', 0));
    expect(await within(dialog).findByText('The firmware file is empty')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(callsTo(POST)).toHaveLength(0);
  });
});
