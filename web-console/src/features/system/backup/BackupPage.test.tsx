import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { answerWithFile } from '../../../test/download';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { mockXhrUploads } from '../../../test/xhrMock';
import { backupBackend, backups, madeBackup, NOT_SIGNED, ok, restoredAnswer } from '../fixtures';

const [jobBackup, handBackup] = backups as [(typeof backups)[0], (typeof backups)[0]];

/** The row of the backup with this file name. */
const rowOf = async (fileName: string) => (await screen.findByText(fileName)).closest('tr') as HTMLElement;

/** Picks `file` in the dialog's file field (as the browser's file chooser hands it over). */
function pick(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const sqlFile = (name = 'lumiscape-backup.sql', size = 4096) => new File([new Uint8Array(size)], name, { type: 'application/sql' });

describe('the backup page', () => {
  it('lists the backups with the dictionary kinds and sizes, filters by kind, backs up now and downloads under the server’s file name', async () => {
    signInWithProject();
    const { callsTo } = backupBackend();
    const { user } = renderApp({ route: '/system/backup' });
    const job = await rowOf(jobBackup.fileName);
    expect(within(job).getByText('定时任务')).toBeInTheDocument();
    expect(within(job).getByText('60 KB')).toBeInTheDocument();
    expect(within(job).getByText('812')).toBeInTheDocument();
    expect(within(job).getByText('2026-11-24 02:00:00')).toBeInTheDocument();
    const hand = await rowOf(handBackup.fileName);
    expect(within(hand).getByText('手动')).toBeInTheDocument();
    expect(within(hand).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(hand).getByText('12,345')).toBeInTheDocument();
    for (const name of ['文件名称', '备份方式', '文件大小', '数据行数', '备份人', '备份时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    for (const name of [`下载 ${jobBackup.fileName}`, `恢复 ${jobBackup.fileName}`, `删除 ${jobBackup.fileName}`]) {
      expect(within(job).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(Object.fromEntries(callsTo('GET /system/backup/list')[0]?.query ?? [])).toEqual({ pageNum: '1', pageSize: '20' });

    await selectOption(user, document.body, '备份方式', '定时任务');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /system/backup/list').at(-1)?.query.get('kind')).toBe('1'));
    await waitFor(() => expect(screen.queryByText(handBackup.fileName)).not.toBeInTheDocument());

    const listed = callsTo('GET /system/backup/list').length;
    await user.click(screen.getByRole('button', { name: '立即备份' }));
    expect(await screen.findByText(`备份成功：${madeBackup.fileName}`)).toBeInTheDocument();
    expect(callsTo('POST /system/backup')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET /system/backup/list').length).toBeGreaterThan(listed));

    const saved = answerWithFile('/system/backup/download/2', {
      'Content-Disposition': `attachment; filename="lumiscape-backup-2.sql"; filename*=UTF-8''%E5%A4%87%E4%BB%BD-2.sql`,
    });
    await user.click(within(await rowOf(jobBackup.fileName)).getByRole('button', { name: `下载 ${jobBackup.fileName}` }));
    await waitFor(() => expect(saved).toEqual(['备份-2.sql']));
    expect(callsTo('GET /system/backup/download/2')).toHaveLength(1);
  });

  it('refuses a file that is not .sql, or too large, before sending; shows the upload’s progress, then the server’s refusal in the dialog', async () => {
    signInWithProject();
    const { callsTo } = backupBackend({ 'POST /system/backup/import': { status: 400, body: { code: 400, msg: NOT_SIGNED['zh-CN'] } } });
    const uploads = mockXhrUploads({ hold: true });
    const { user } = renderApp({ route: '/system/backup' });
    await rowOf(jobBackup.fileName);
    await user.click(screen.getByRole('button', { name: '从文件恢复' }));
    const dialog = await screen.findByRole('dialog', { name: '从文件恢复' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '500px' });
    expect(dialog).toHaveTextContent('组织、用户、角色、菜单、参数、字典、定时任务和意见反馈将被替换为备份中的内容，备份中没有的用户将被强制退出登录。此操作不可撤销。');

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择备份文件（.sql）')).toBeInTheDocument();
    expect(await within(dialog).findByText('请确认已了解恢复的影响')).toBeInTheDocument();

    pick(dialog, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('文件格式不正确，请选择 .sql 格式的备份文件')).toBeInTheDocument();
    pick(dialog, sqlFile('big.sql', 2 * 1024 * 1024 + 1));
    expect(await within(dialog).findByText('文件大小不能超过 2 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: '我已了解以上影响，确定用该备份恢复' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('文件大小不能超过 2 MB')).toBeInTheDocument();
    expect(callsTo('POST /system/backup/import')).toHaveLength(0);

    pick(dialog, sqlFile());
    await waitFor(() => expect(within(dialog).queryByText('文件大小不能超过 2 MB')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // half of it sent, held there
    const progress = await within(dialog).findByRole('progressbar', { name: '上传进度' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(within(dialog).getByText('正在上传备份文件…')).toBeInTheDocument();
    expect(callsTo('POST /system/backup/import')).toHaveLength(0);

    uploads.release();
    const refusal = (await within(dialog).findByText('恢复失败，未作任何更改')).closest('[role="alert"]');
    expect(refusal).toHaveTextContent(NOT_SIGNED['zh-CN']);
    // sent as the console sends every request, the file in the multipart field `file`
    const [sent] = callsTo('POST /system/backup/import');
    expect(sent?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(sent?.headers.get('Content-Language')).toBe('zh_CN');
    expect((sent?.body as FormData).get('file')).toMatchObject({ name: 'lumiscape-backup.sql', size: 4096 });
    // the dialog stays open, nothing restored
    expect(screen.getByRole('dialog', { name: '从文件恢复' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '恢复结果' })).not.toBeInTheDocument();
    expect(callsTo('GET /getInfo')).toHaveLength(1);
  });

  it('restores an uploaded file: the result with the table counts, and the session and system data read again', async () => {
    signInWithProject();
    const { callsTo } = backupBackend({ 'POST /system/backup/import': restoredAnswer() });
    mockXhrUploads();
    const { user } = renderApp({ route: '/system/backup' });
    await rowOf(jobBackup.fileName);
    const dictionaryReads = callsTo('GET /system/dict/data/type/sys_backup_kind').length;
    await user.click(screen.getByRole('button', { name: '从文件恢复' }));
    const dialog = await screen.findByRole('dialog', { name: '从文件恢复' });
    pick(dialog, sqlFile());
    await user.click(within(dialog).getByRole('checkbox', { name: '我已了解以上影响，确定用该备份恢复' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    const result = await screen.findByRole('dialog', { name: '恢复结果' });
    expect(within(result).getByText('恢复成功：14张表，共812行')).toBeInTheDocument();
    expect(within(result).getByText('2026-11-24 02:00:00')).toBeInTheDocument();
    expect(within(result).getByRole('row', { name: '组织 4' })).toBeInTheDocument();
    expect(within(result).getByRole('row', { name: '用户 3' })).toBeInTheDocument();
    // a table the console has no name for, as the server names it
    expect(within(result).getByRole('row', { name: 'identity.future_table 1' })).toBeInTheDocument();
    expect(await screen.findByText('恢复完成')).toBeInTheDocument();
    // the upload dialog closes (its leaving motion may still hold it a moment on a loaded machine)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '从文件恢复' })).not.toBeInTheDocument());
    // what the shell holds about the user, and the dictionaries
    await waitFor(() => expect(callsTo('GET /getInfo')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET /system/menu/getRouters')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET /system/dict/data/type/sys_backup_kind').length).toBeGreaterThan(dictionaryReads));

    await user.click(within(result).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '恢复结果' })).not.toBeInTheDocument());
  });

  it('restores a stored backup after the warning, and deletes one after a confirmation', async () => {
    signInWithProject();
    const { callsTo } = backupBackend({ 'PUT /system/backup/restore/2': restoredAnswer(), 'DELETE /system/backup/1': ok() });
    const { user } = renderApp({ route: '/system/backup' });
    await user.click(within(await rowOf(jobBackup.fileName)).getByRole('button', { name: `恢复 ${jobBackup.fileName}` }));
    let confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent(`确定用备份“${jobBackup.fileName}”恢复系统数据吗？组织、用户、角色、菜单、参数、字典、定时任务和意见反馈将被替换为备份中的内容，备份中没有的用户将被强制退出登录。此操作不可撤销。`);
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(callsTo('PUT /system/backup/restore/2')).toHaveLength(0);

    await user.click(within(await rowOf(jobBackup.fileName)).getByRole('button', { name: `恢复 ${jobBackup.fileName}` }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    const result = await screen.findByRole('dialog', { name: '恢复结果' });
    expect(within(result).getByText('恢复成功：14张表，共812行')).toBeInTheDocument();
    expect(callsTo('PUT /system/backup/restore/2')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET /getInfo')).toHaveLength(2));
    await user.click(within(result).getByRole('button', { name: '关闭' }));

    await user.click(within(await rowOf(handBackup.fileName)).getByRole('button', { name: `删除 ${handBackup.fileName}` }));
    confirm = await screen.findByRole('dialog', { name: '系统提示' });
    expect(confirm).toHaveTextContent(`确定删除备份“${handBackup.fileName}”吗？`);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/backup/1')).toHaveLength(1);
  });

  it('speaks English, with the server’s refusal in its language', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = backupBackend({ 'POST /system/backup/import': { status: 400, body: { code: 400, msg: NOT_SIGNED.en } } });
    mockXhrUploads();
    const { user } = renderApp({ route: '/system/backup' });
    const job = await rowOf(jobBackup.fileName);
    expect(within(job).getByText('By the backup job')).toBeInTheDocument();
    expect(within(job).getByText('60 KB')).toBeInTheDocument();
    expect(within(await rowOf(handBackup.fileName)).getByText('12,345')).toBeInTheDocument();
    for (const name of ['File name', 'Made', 'Size', 'Rows', 'Made by', 'Time']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    for (const name of [`Download ${jobBackup.fileName}`, `Restore ${jobBackup.fileName}`, `Delete ${jobBackup.fileName}`]) {
      expect(within(job).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore from file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore from file' });
    pick(dialog, new File(['x'], 'backup.zip'));
    expect(await within(dialog).findByText('Wrong file format: choose a .sql backup file')).toBeInTheDocument();
    pick(dialog, sqlFile('tampered.sql'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand the above and want to restore from this backup' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const refusal = (await within(dialog).findByText('Not restored; nothing was changed')).closest('[role="alert"]');
    expect(refusal).toHaveTextContent(NOT_SIGNED.en);
    expect(callsTo('POST /system/backup/import')[0]?.headers.get('Content-Language')).toBe('en_US');
  });

  it('offers only the buttons the user may use', async () => {
    signInWithProject();
    await changeLanguage('en');
    backupBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:backup:list', 'pc:system:backup:export'],
        defultMenu: '',
      }),
    });
    renderApp({ route: '/system/backup' });
    const job = await rowOf(jobBackup.fileName);
    expect(within(job).getByRole('button', { name: `Download ${jobBackup.fileName}` })).toBeInTheDocument();
    for (const name of [`Restore ${jobBackup.fileName}`, `Delete ${jobBackup.fileName}`]) {
      expect(within(job).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    for (const name of ['Back up now', 'Restore from file', 'Delete']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
