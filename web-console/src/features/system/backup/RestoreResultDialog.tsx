import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import AppDialog from '../../../components/AppDialog';
import AsEntered from '../../../components/AsEntered';
import { formatNumber } from '../../../lib/format';
import type { RestoredTable, RestoreOutcome } from '../types';
import '../i18n';

/** The tables a backup holds (docs/backup.md), named in the interface's language. */
const KNOWN_TABLES = [
  'depts',
  'menus',
  'roles',
  'users',
  'user_roles',
  'role_menus',
  'role_depts',
  'user_projects',
  'user_qualifications',
  'configs',
  'dict_types',
  'dict_data',
  'jobs',
  'advices',
] as const;

type KnownTable = (typeof KNOWN_TABLES)[number];

const isKnown = (name: string): name is KnownTable => (KNOWN_TABLES as readonly string[]).includes(name);

/**
 * What a restore did: the server's message, when and by whom the backup was made, and the rows
 * of each table it filled.
 */
export default function RestoreResultDialog({ outcome, onClose }: { outcome: RestoreOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const tableName = (table: string) => {
    const name = table.replace(/^identity\./, '');
    return isKnown(name) ? t(`system.backup.tables.${name}`) : <AsEntered text={table} />;
  };
  return (
    <AppDialog
      open
      title={t('system.backup.result.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.backup.result.close')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Alert type="success" showIcon message={outcome.msg || t('system.backup.restored')} />
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'backupTime', label: t('system.backup.result.backupTime'), children: outcome.backupTime },
            { key: 'backupBy', label: t('system.backup.result.backupBy'), children: <AsEntered text={outcome.backupBy} /> },
            { key: 'totalRows', label: t('system.backup.result.totalRows'), children: formatNumber(outcome.totalRows, i18n.language, 0) },
          ]}
        />
        <Table<RestoredTable>
          size="small"
          rowKey="table"
          pagination={false}
          scroll={{ y: 280 }}
          dataSource={outcome.tables}
          columns={[
            { key: 'table', dataIndex: 'table', title: t('system.backup.result.table'), render: (table: string) => tableName(table) },
            { key: 'rows', dataIndex: 'rows', title: t('system.backup.result.rows'), align: 'right', render: (rows: number) => formatNumber(rows, i18n.language, 0) },
          ]}
        />
      </Flex>
    </AppDialog>
  );
}
