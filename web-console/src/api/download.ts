import { showMessage } from '../app/feedback';
import i18n from '../i18n';
import { hideLoading, showLoading } from '../lib/loading';
import { http, isBlob, type HttpClient, type QueryParams } from './client';
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
    if (isBlob(answer)) {
      const message = await jsonMessage(answer);
      if (message !== undefined) {
        deps.error(message || i18n.t('errors.unknown'));
        return false;
      }
      deps.save(answer, filename);
      return true;
    }
    // A JSON envelope with code 200 instead of a file.
    const msg = isEnvelope(answer) && typeof answer.msg === 'string' ? answer.msg : '';
    deps.error(msg || i18n.t('errors.unknown'));
    return false;
  } catch {
    // The client already showed the catalogued error.
    return false;
  } finally {
    hideLoading();
  }
}
