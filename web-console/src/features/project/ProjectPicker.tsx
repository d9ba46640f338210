import { useState } from 'react';
import { Input, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import AppDialog from '../../components/AppDialog';
import { selectProject } from '../auth/session';
import { useGetUserProjectListQuery, type UserProject } from './api';
import './i18n';

/** Page size and the total shown before the list arrives (spec section 9). */
export const PICKER_PAGE_SIZE = 5;
export const PICKER_DEFAULT_TOTAL = 10;

export interface ProjectPickerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The project picker (spec sections 4 and 7): the caller's projects filtered by name,
 * 5 per page, paginated here (total = length of the list). Confirming stores the chosen
 * project; confirming with no row chosen just closes the dialog (the spec leaves it unguarded).
 */
export default function ProjectPicker({ open, onClose }: ProjectPickerProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [projectName, setProjectName] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<UserProject | undefined>();
  const { data, isFetching } = useGetUserProjectListQuery(projectName || undefined, { skip: !open });

  const columns: TableProps<UserProject>['columns'] = [
    { title: t('project.name'), dataIndex: 'projectName', key: 'projectName' },
    { title: t('project.number'), dataIndex: 'projectNumber', key: 'projectNumber' },
    { title: t('project.city'), dataIndex: 'cityName', key: 'cityName' },
    { title: t('project.principal'), dataIndex: 'projectUserName', key: 'projectUserName' },
  ];

  const confirm = () => {
    if (selected) void dispatch(selectProject({ id: selected.id, projectName: selected.projectName }));
    setSelected(undefined);
    onClose();
  };

  return (
    <AppDialog
      size="half"
      title={t('project.pickerTitle')}
      open={open}
      onOk={confirm}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Input.Search
        aria-label={t('project.name')}
        placeholder={t('project.namePlaceholder')}
        allowClear
        enterButton={t('common.search')}
        onSearch={(value) => {
          setProjectName(value.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<UserProject>
        rowKey={(row) => String(row.id)}
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data ?? []}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [String(selected.id)] : [],
          onChange: (_keys, rows) => setSelected(rows[0]),
        }}
        onRow={(row) => ({ onClick: () => setSelected(row) })}
        pagination={{
          current: page,
          pageSize: PICKER_PAGE_SIZE,
          total: data ? data.length : PICKER_DEFAULT_TOTAL,
          showSizeChanger: false,
          showTotal: (total) => t('pagination.total', { total }),
          onChange: setPage,
        }}
      />
    </AppDialog>
  );
}
