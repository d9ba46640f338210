import { BASE_API } from '../api/client';
import { useConfigValue } from '../app/configValues';
import { isExternal } from '../routes/paths';

/** Config key of the file-server base path (spec section 3; demo value '/prod-api/files'). */
export const FILES_PATH_KEY = 'ftp.resources.path';
/** Used when the server has no value for the key. */
export const DEFAULT_FILES_PATH = `${BASE_API}/files`;

/** A stored file's address: its path below the file-server base path (links stay as they are). */
export function fileUrl(base: string | undefined, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (isExternal(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  const root = (base?.trim() || DEFAULT_FILES_PATH).replace(/\/+$/, '');
  return `${root}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The file-server base path; undefined while it loads. */
export function useFilesBase(): string | undefined {
  return useConfigValue(FILES_PATH_KEY);
}

/** What the browser may pick for each upload type (1 image, 2 document, 3 media); the server judges the content (docs/files.md). */
export const UPLOAD_ACCEPT: Record<1 | 2 | 3, string> = {
  1: '.png,.jpg,.jpeg,.gif,.webp',
  2: '.pdf,.docx,.xlsx,.txt',
  3: '.mp4,.mp3',
};
