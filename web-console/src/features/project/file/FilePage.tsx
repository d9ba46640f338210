import { useState } from 'react';
import { AuditOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteFileMutation, useGetFilesQuery } from '../fileApi';
import { isProcessing } from '../rules';
import type { FileQuery, ProjectFile } from '../types';
import AuditDialog from './AuditDialog';
import FileFormDialog from './FileFormDialog';
import UploadDialog from './UploadDialog';
import { useFileColumns, useFileSearchFields } from './columns';
import '../i18n';

/**
 * File management (`project/file/index`): the project's files with their audit and cutting
 * states, upload (types 1, 2, 3), edit, audit and delete. A file being processed (its cutting
 * in progress) has no edit, audit or delete button; the server refuses them too.
 */
export default function FilePage() {
  const { t } = useTranslation();
  const [deleteFile] = useDeleteFileMutation();
  const [uploading, setUploading] = useState(false);
  const [auditing, setAuditing] = useState<ProjectFile | undefined>();
  const idle = (file: ProjectFile) => !isProcessing(file);
  return (
    <ListPage<ProjectFile, FileQuery>
      rowKey="fileId" rowName={(file) => file.fileName} useList={useGetFilesQuery}
      columns={useFileColumns()} searchFields={useFileSearchFields()}
      editor={{ dialog: FileFormDialog, edit: 'project:file:edit', editable: idle }}
      remove={{
        permission: 'project:file:remove',
        batch: false,
        removable: idle,
        question: (file) => t('project.file.deleteConfirm', { name: file.fileName }),
        run: (files) => Promise.all(files.map((file) => deleteFile(file.fileId).unwrap())),
      }}
      rowActions={[
        {
          key: 'audit',
          label: t('project.file.audit'),
          permission: 'project:file:audit',
          icon: <AuditOutlined aria-hidden />,
          ariaLabel: (file) => t('project.file.auditOf', { name: file.fileName }),
          when: idle,
          run: (file) => setAuditing(file),
        },
      ]}
      toolbarExtra={[
        { key: 'upload', label: t('project.file.upload'), permission: 'project:file:add', icon: <UploadOutlined aria-hidden />, run: () => setUploading(true) },
      ]}
    >
      {uploading && <UploadDialog onClose={() => setUploading(false)} />}
      {auditing && <AuditDialog file={auditing} onClose={() => setAuditing(undefined)} />}
    </ListPage>
  );
}
