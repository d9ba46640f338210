import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import { fileBackend, ok } from './fixtures';

describe('the file management page', () => {
  it('lists the project files with their states and filters by audit state', async () => {
    signInWithProject();
    const { callsTo } = fileBackend();
    const { user } = renderApp({ route: '/project/file' });
    expect(await screen.findByRole('link', { name: '平面图.png' })).toHaveAttribute('href', '/prod-api/files/upload/2026/11/24/00000001.png');
    const contract = screen.getByRole('row', { name: /合同\.pdf/ });
    expect(within(contract).getByText('文档')).toBeInTheDocument();
    expect(within(contract).getByText('不通过')).toBeInTheDocument();
    expect(within(contract).getByText('3.0 KB')).toBeInTheDocument();
    expect(callsTo('GET /project/file/list')[0]?.headers.get('ProjectId')).toBe('1');
    await user.click(screen.getByLabelText('审核状态'));
    await user.click(await screen.findByTitle('不通过'));
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(callsTo('GET /project/file/list').at(-1)?.query.get('auditStatus')).toBe('2'));
  });

  it('offers no edit, audit or delete for a file being processed', async () => {
    signInWithProject();
    fileBackend();
    renderApp({ route: '/project/file' });
    expect(await screen.findByRole('button', { name: '审核 合同.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改 合同.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '审核 开幕秀.mp4' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改 开幕秀.mp4' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 开幕秀.mp4' })).not.toBeInTheDocument();
    expect(screen.getByText('切割中')).toBeInTheDocument();
  });

  it('audits: no pass needs a reason', async () => {
    signInWithProject();
    const { callsTo } = fileBackend({ 'PUT /project/file/audit': ok() });
    const { user } = renderApp({ route: '/project/file' });
    await user.click(await screen.findByRole('button', { name: '审核 平面图.png' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('不通过'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('审核不通过时必须填写原因（不超过200个字符）')).toBeInTheDocument();
    expect(callsTo('PUT /project/file/audit')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('审核意见'), ' 分辨率太低 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('审核成功')).toBeInTheDocument();
    expect(callsTo('PUT /project/file/audit')[0]?.body).toEqual({ fileId: 1, auditStatus: '2', auditReason: '分辨率太低' });
  });

  it('edits a name and shows the refusal of a file that began processing, in English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const refusal = 'A file being processed cannot be edited';
    const { callsTo } = fileBackend({ 'PUT /project/file': ok({ code: 500, msg: refusal }) });
    const { user } = renderApp({ route: '/project/file' });
    expect(await screen.findByRole('columnheader', { name: 'Audit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit 合同.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file' });
    const name = within(dialog).getByLabelText('File name');
    await user.clear(name);
    await user.type(name, 'Contract.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(callsTo('PUT /project/file')[0]?.body).toEqual({ fileId: 2, fileName: 'Contract.pdf', remark: '' });
  });

  it('uploads a file of the chosen type and refreshes the list', async () => {
    signInWithProject();
    const { callsTo } = fileBackend({
      'POST /system/common/upload/2': ok({ msg: '/upload/2026/11/24/abc.pdf', fileName: '/upload/2026/11/24/abc.pdf' }),
    });
    const { user } = renderApp({ route: '/project/file' });
    await user.click(await screen.findByRole('button', { name: /上传/ }));
    const dialog = await screen.findByRole('dialog', { name: '上传文件' });
    await user.click(within(dialog).getByLabelText('上传类型'));
    await user.click(await screen.findByTitle('文档'));
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('已上传 abc.pdf')).toBeInTheDocument();
    expect(callsTo('POST /system/common/upload/2')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET /project/file/list').length).toBeGreaterThan(1));
  });
});
