import { showMessage } from '../app/feedback';
import i18n from '../i18n';
import { hideLoading, showLoading } from '../lib/loading';
import { APP_CLIENT_DEPS, createHttpClient, http, isBlob, type ClientDeps, type HttpClient, type QueryParams } from './client';
import { isEnvelope } from './errors';

/** A form-encoded body from plain parameters; empty values are left out. */
export function formBody(params: QueryParams): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    body.append(key, String(value));
  }
  return body;
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

async function jsonMessage(blob: Blob): Promise<string | undefined> {
  if (!blob.type.includes('application/json')) return undefined;
  try {
    const parsed: unknown = JSON.parse(await blob.text());
    return isEnvelope(parsed) ? (typeof parsed.msg === 'string' ? parsed.msg : '') : undefined;
  } catch {
    return undefined;
  }
}

export interface DownloadDeps {
  client: HttpClient;
  save: (blob: Blob, filename: string) => void;
  error: (message: string) => void;
}

const defaultDeps: DownloadDeps = {
  client: http,
  save: saveBlob,
  error: (message) => showMessage('error', message),
};

/** Saves a download's answer: a file under `filename`, or the msg of a JSON answer shown as an error. */
async function saveAnswer(answer: unknown, filename: () => string, deps: Pick<DownloadDeps, 'save' | 'error'>): Promise<boolean> {
  if (isBlob(answer)) {
    const message = await jsonMessage(answer);
    if (message !== undefined) {
      deps.error(message || i18n.t('errors.unknown'));
      return false;
    }
    deps.save(answer, filename());
    return true;
  }
  // A JSON envelope with code 200 instead of a file.
  const msg = isEnvelope(answer) && typeof answer.msg === 'string' ? answer.msg : '';
  deps.error(msg || i18n.t('errors.unknown'));
  return false;
}

/**
 * Downloads a file (spec section 7): POST with a form-encoded body, the answer read as a
 * blob. An answer holding JSON is an error whose msg is shown; anything else is saved under
 * `filename`. Resolves true when a file was saved. The loading mask is shown meanwhile.
 */
export async function download(
  url: string,
  params: QueryParams,
  filename: string,
  deps: DownloadDeps = defaultDeps,
): Promise<boolean> {
  showLoading(i18n.t('download.inProgress'));
  try {
    const answer = await deps.client.request<unknown>({
      url,
      method: 'POST',
      data: formBody(params),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      responseType: 'blob',
    });
    return await saveAnswer(answer, () => filename, deps);
  } catch {
    // The client already showed the catalogued error.
    return false;
  } finally {
    hideLoading();
  }
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (UTF-8, percent
 * encoded) first, else `filename`; undefined when it gives none.
 */
export function filenameOf(disposition: string | null | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1]?.trim();
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // badly encoded: the plain name below
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

export interface FileDownloadDeps {
  /** What the download's client is made of (the console's, by default). */
  client: ClientDeps;
  save: (blob: Blob, filename: string) => void;
  error: (message: string) => void;
}

const defaultFileDeps: FileDownloadDeps = { client: APP_CLIENT_DEPS, save: saveBlob, error: defaultDeps.error };

/**
 * Downloads a file the server names (GET, e.g. a stored backup): the answer read as a blob
 * and saved under the name of its Content-Disposition header, else `fallbackName`. An answer
 * holding JSON is an error whose msg is shown. Resolves true when a file was saved. The
 * loading mask is shown meanwhile.
 */
export async function downloadFile(url: string, fallbackName: string, deps: FileDownloadDeps = defaultFileDeps): Promise<boolean> {
  let disposition: string | null = null;
  const client = createHttpClient({
    ...deps.client,
    fetch: async (input, init) => {
      const response = await deps.client.fetch(input, init);
      disposition = response.headers.get('Content-Disposition');
      return response;
    },
  });
  showLoading(i18n.t('download.inProgress'));
  try {
    const answer = await client.request<unknown>({ url, responseType: 'blob' });
    return await saveAnswer(answer, () => filenameOf(disposition) ?? fallbackName, deps);
  } catch {
    // The client already showed the catalogued error.
    return false;
  } finally {
    hideLoading();
  }
}
