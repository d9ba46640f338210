import { api } from '../../api/api';
import { APP_CLIENT_DEPS, createHttpClient } from '../../api/client';
import { ApiError, type Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import { presentError } from '../../api/presenter';
import { progressFetch, type UploadProgress } from '../../api/uploadProgress';
import { LIST } from './api';
import type { Backup, BackupQuery, RestoreOutcome } from './types';

/**
 * Backup (contract: docs/api-compatibility.md, "Backup"): the stored backups, making one,
 * deleting, restoring a stored one or an uploaded file. The download is api/download.ts's
 * `downloadFile` (GET, the name from Content-Disposition).
 */

/**
 * What a restore replaces (organization, users, roles, menus, parameters, dictionaries, jobs,
 * feedback): the tags of every list and lookup of it, read again after a restore, with the
 * shell's own session (user info, route tree: features/auth/session.ts, loadSession).
 */
export const RESTORED_TAGS = ['Dept', 'DeptTree', 'User', 'Role', 'RoleUser', 'Config', 'DictType', 'DictData', 'Dict', 'Profile'] as const;

/** A restore's answer: its msg and data. */
export function toRestoreOutcome(envelope: Envelope): RestoreOutcome {
  const data = (typeof envelope.data === 'object' && envelope.data !== null ? envelope.data : {}) as Partial<RestoreOutcome>;
  return {
    msg: typeof envelope.msg === 'string' ? envelope.msg : '',
    tables: Array.isArray(data.tables) ? data.tables : [],
    totalRows: typeof data.totalRows === 'number' ? data.totalRows : 0,
    backupTime: typeof data.backupTime === 'string' ? data.backupTime : '',
    backupBy: typeof data.backupBy === 'string' ? data.backupBy : '',
  };
}

/**
 * POST /system/backup/import (multipart `file`), reporting the upload's progress: a client of
 * its own, made as the console's, over XMLHttpRequest (fetch cannot report it). A refusal
 * rejects with the server's msg, not shown here (the dialog shows it), except an expired
 * session, which asks to sign in again as every request does.
 */
export async function restoreBackupFile(file: File, onProgress: (progress: UploadProgress) => void): Promise<RestoreOutcome> {
  const client = createHttpClient({ ...APP_CLIENT_DEPS, fetch: progressFetch(onProgress) });
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return toRestoreOutcome(await client.request({ url: '/system/backup/import', method: 'POST', data: form, silent: true, cancellable: false }));
  } catch (error) {
    if (error instanceof ApiError && error.presentation === 'relogin') presentError(error);
    throw error;
  }
}

export const backupApi = api
  .enhanceEndpoints({ addTagTypes: ['Backup', ...RESTORED_TAGS] })
  .injectEndpoints({
    endpoints: (build) => ({
      getBackups: build.query<ListPage<Backup>, BackupQuery>({
        query: (params) => ({ url: '/system/backup/list', params: { ...params } }),
        transformResponse: (envelope: Envelope) => toListPage<Backup>(envelope),
        providesTags: [{ type: 'Backup', id: LIST }],
      }),
      /** Makes and stores a backup now; answers it. */
      createBackup: build.mutation<Backup, void>({
        query: () => ({ url: '/system/backup', method: 'POST' }),
        transformResponse: (envelope: Envelope) => envelope.data as Backup,
        invalidatesTags: [{ type: 'Backup', id: LIST }],
      }),
      deleteBackups: build.mutation<void, number[]>({
        query: (backupIds) => ({ url: `/system/backup/${backupIds.join(',')}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: [{ type: 'Backup', id: LIST }],
      }),
      /** Restores a stored backup (PUT /system/backup/restore/{id}); what it replaced is read again by the page (RESTORED_TAGS). */
      restoreBackup: build.mutation<RestoreOutcome, number>({
        query: (backupId) => ({ url: `/system/backup/restore/${backupId}`, method: 'PUT', cancellable: false }),
        transformResponse: toRestoreOutcome,
      }),
    }),
  });

export const { useGetBackupsQuery, useCreateBackupMutation, useDeleteBackupsMutation, useRestoreBackupMutation } = backupApi;
