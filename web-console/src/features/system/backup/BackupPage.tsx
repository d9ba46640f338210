import { useState } from 'react';
import { CloudUploadOutlined, DownloadOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/download';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import { hideLoading, showLoading } from '../../../lib/loading';
import { useCreateBackupMutation, useDeleteBackupsMutation, useGetBackupsQuery, useRestoreBackupMutation } from '../backupApi';
import type { Backup, BackupQuery, RestoreOutcome } from '../types';
import { useBackupColumns, useBackupSearchFields } from './columns';
import RestoreDialog from './RestoreDialog';
import RestoreResultDialog from './RestoreResultDialog';
import { useAfterRestore } from './useAfterRestore';
import '../i18n';

/** Runs `work` behind the global loading mask with `text`. */
async function masked<T>(text: string, work: () => Promise<T>): Promise<T> {
  showLoading(text);
  try {
    return await work();
  } finally {
    hideLoading();
  }
}

/**
 * Backup (`system/backup/index`): the stored backups, newest first, filtered by kind (by hand,
 * by the backup job); back up now; download one (the signed .sql file); restore a stored one
 * or an uploaded file, each after a warning of what a restore replaces; delete. After a
 * restore the system lists and the user's own session (menus, permissions) are read again.
 */
export default function BackupPage() {
  const { t } = useTranslation();
  const [deleteBackups] = useDeleteBackupsMutation();
  const [createBackup] = useCreateBackupMutation();
  const [restoreBackup] = useRestoreBackupMutation();
  const afterRestore = useAfterRestore();
  const [choosingFile, setChoosingFile] = useState(false);
  const [outcome, setOutcome] = useState<RestoreOutcome | undefined>();

  const restored = (result: RestoreOutcome) => {
    setOutcome(result);
    afterRestore();
  };

  const actions: RowAction<Backup>[] = [
    {
      key: 'download',
      label: t('system.backup.download'),
      permission: 'system:backup:export',
      icon: <DownloadOutlined aria-hidden />,
      ariaLabel: (backup) => t('system.backup.downloadOf', { name: backup.fileName }),
      run: (backup) => downloadFile(`/system/backup/download/${backup.backupId}`, backup.fileName),
    },
    {
      key: 'restore',
      label: t('system.backup.restore'),
      permission: 'system:backup:restore',
      icon: <HistoryOutlined aria-hidden />,
      danger: true,
      ariaLabel: (backup) => t('system.backup.restoreOf', { name: backup.fileName }),
      confirm: (backup) => t('system.backup.restoreConfirm', { name: backup.fileName, warning: t('system.backup.warning') }),
      run: async (backup) => {
        const result = await masked(t('system.backup.restoring'), () => restoreBackup(backup.backupId).unwrap());
        showMessage('success', t('system.backup.restored'));
        restored(result);
      },
    },
  ];
  const toolbar: ToolbarAction<Backup>[] = [
    {
      key: 'backupNow',
      label: t('system.backup.backupNow'),
      permission: 'system:backup:add',
      icon: <CloudUploadOutlined aria-hidden />,
      run: async () => {
        const made = await masked(t('system.backup.creating'), () => createBackup().unwrap());
        showMessage('success', t('system.backup.created', { name: made.fileName }));
      },
    },
    {
      key: 'restoreFile',
      label: t('system.backup.restoreFile'),
      permission: 'system:backup:restore',
      icon: <UploadOutlined aria-hidden />,
      danger: true,
      run: () => setChoosingFile(true),
    },
  ];

  return (
    <ListPage<Backup, BackupQuery>
      inProject={false} rowKey="backupId" rowName={(backup) => backup.fileName} useList={useGetBackupsQuery}
      columns={useBackupColumns()} searchFields={useBackupSearchFields()} rowActions={actions} toolbarExtra={toolbar}
      remove={{
        permission: 'system:backup:remove',
        question: (backup) => t('system.backup.deleteConfirm', { name: backup.fileName }),
        run: (backups) => deleteBackups(backups.map((backup) => backup.backupId)).unwrap(),
      }}
    >
      {choosingFile ? (
        <RestoreDialog
          onClose={() => setChoosingFile(false)}
          onRestored={(result) => {
            setChoosingFile(false);
            restored(result);
          }}
        />
      ) : null}
      {outcome ? <RestoreResultDialog outcome={outcome} onClose={() => setOutcome(undefined)} /> : null}
    </ListPage>
  );
}
