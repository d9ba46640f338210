import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleBackend } from '../test/backend';
import { renderWithProviders } from '../test/renderWithProviders';
import FileUpload from './FileUpload';

const ok = (body: Record<string, unknown>) => ({ body: { code: 200, ...body } });

function Field({ initial, multiple = false, type = 1 }: { initial: string | string[]; multiple?: boolean; type?: 1 | 2 | 3 }) {
  const [value, setValue] = useState<string | string[]>(initial);
  return (
    <>
      <FileUpload type={type} multiple={multiple} value={value} onChange={setValue} />
      <output aria-label="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueShown = () => JSON.parse(screen.getByLabelText('value').textContent ?? 'null') as unknown;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('FileUpload', () => {
  it('shows a stored picture from the file server and replaces it with an upload', async () => {
    const { callsTo } = consoleBackend({ 'POST /system/common/upload/1': ok({ msg: '/upload/2026/11/24/new.png' }) });
    const { user } = renderWithProviders(<Field initial="/upload/2026/01/01/logo.png" />);
    await waitFor(() => expect(document.querySelector('a[href="/prod-api/files/upload/2026/01/01/logo.png"]')).not.toBeNull());
    expect(fileInput()).toHaveAttribute('accept', '.png,.jpg,.jpeg,.gif,.webp');
    await user.upload(fileInput(), new File(['png'], 'new.png', { type: 'image/png' }));
    await waitFor(() => expect(valueShown()).toBe('/upload/2026/11/24/new.png'));
    expect(callsTo('POST /system/common/upload/1')).toHaveLength(1);
  });

  it('keeps a list of pictures and shows the server refusal', async () => {
    let calls = 0;
    consoleBackend({
      'POST /system/common/upload/1': () => {
        calls += 1;
        return calls === 1
          ? ok({ msg: '/upload/b.png' })
          : ok({ code: 400, msg: '文件扩展名 .png 与文件内容（gif）不符' });
      },
    });
    const { user } = renderWithProviders(<Field initial={['/upload/a.png']} multiple />);
    await user.upload(fileInput(), new File(['png'], 'b.png', { type: 'image/png' }));
    await waitFor(() => expect(valueShown()).toEqual(['/upload/a.png', '/upload/b.png']));
    await user.upload(fileInput(), new File(['gif'], 'c.png', { type: 'image/png' }));
    expect(await screen.findByText('文件扩展名 .png 与文件内容（gif）不符')).toBeInTheDocument();
    expect(valueShown()).toEqual(['/upload/a.png', '/upload/b.png']);
  });
});
