import { useState } from 'react';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import SheetImportDialog from '../../../components/SheetImportDialog';
import { useImportUsersMutation } from '../api';
import { USER_IMPORT_MAX_MB, USER_IMPORT_RULE } from '../rules';
import type { ImportFailure } from '../types';
import '../i18n';

/**
 * Imports users from an xls or xlsx sheet (at most 2 MB, checked here first): the template,
 * the file, whether existing users are updated. A refusal lists its rows (row, account,
 * reason) and imports nothing; a success shows the server's message and closes.
 */
export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [updateSupport, setUpdateSupport] = useState(false);
  const [importUsers, { isLoading }] = useImportUsersMutation();
  return (
    <SheetImportDialog<ImportFailure>
      title={t('system.user.importDialog.title')} okText={t('system.user.import')} fileLabel={t('system.user.importDialog.file')}
      hint={t('system.user.importDialog.hint', { size: USER_IMPORT_MAX_MB })} rule={USER_IMPORT_RULE}
      template={{ url: '/system/user/importTemplate', filename: () => `user_template_${Date.now()}.xlsx` }}
      keyColumn={{ field: 'userName', title: t('system.user.userName') }}
      run={(file) => importUsers({ file, updateSupport }).unwrap()} importing={isLoading} onClose={onClose}
      extra={
        <Checkbox checked={updateSupport} onChange={(event) => setUpdateSupport(event.target.checked)}>
          {t('system.user.importDialog.updateSupport')}
        </Checkbox>
      }
    />
  );
}
