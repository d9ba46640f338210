import { http, type HttpClient } from './client';
import { ApiError } from './errors';

/** Upload types the server accepts (POST /system/common/upload/{1|2|3}). */
export const UPLOAD_TYPES = [1, 2, 3] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Spec sections 5 and 8: Chinese 'file type error', whatever the language. */
export const FILE_TYPE_ERROR = '文件类型错误';

export function isUploadType(value: unknown): value is UploadType {
  return (UPLOAD_TYPES as readonly unknown[]).includes(value);
}

/**
 * The upload helper (spec section 7): multipart with the field `file` and the bearer token;
 * resolves with the stored path (in msg). A type other than 1, 2 or 3 is rejected with
 * '文件类型错误' before anything is sent; a code other than 200 rejects with the server's msg.
 */
export async function uploadFile(type: unknown, file: Blob, filename?: string, client: HttpClient = http): Promise<string> {
  if (!isUploadType(type)) throw new Error(FILE_TYPE_ERROR);
  const form = new FormData();
  if (filename) form.append('file', file, filename);
  else form.append('file', file);
  try {
    const envelope = await client.request({ url: `/system/common/upload/${type}`, method: 'POST', data: form, silent: true });
    return typeof envelope.msg === 'string' ? envelope.msg : '';
  } catch (error) {
    throw new Error(error instanceof ApiError ? error.message : String(error));
  }
}
