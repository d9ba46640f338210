import { vi } from 'vitest';

/**
 * Test helper for downloads (api/download.ts): the mocked backend answers JSON only, so
 * requests to a path ending in `path` are answered with a spreadsheet instead (after the
 * backend has recorded them), with `headers` (a Content-Disposition) when given; answers the
 * names of the files saved through a link.
 */
export function answerWithFile(path: string, headers: Record<string, string> = {}): string[] {
  const backend = fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await backend(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.endsWith(path) ? new Response('xlsx', { headers: { 'Content-Type': 'application/vnd.ms-excel', ...headers } }) : answer;
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
