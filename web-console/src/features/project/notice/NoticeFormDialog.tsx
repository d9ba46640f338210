import { Input, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import FileUpload from '../../../components/FileUpload';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddNoticeMutation, useUpdateNoticeMutation } from '../noticeApi';
import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX, noticeRules } from '../rules';
import type { Notice } from '../types';
import { NEW_NOTICE, toChange, toValues, type NoticeFormValues } from './formValues';
import { useNoticeTypes } from './noticeTypes';
import '../i18n';

/** Adds or edits an announcement: title, type, content (plain text), image, closed, remark. */
export default function NoticeFormDialog({ row: notice, onClose }: EditorDialogProps<Notice>) {
  const { t } = useTranslation();
  const rules = noticeRules(t);
  const types = useNoticeTypes();
  const [addNotice] = useAddNoticeMutation();
  const [updateNotice] = useUpdateNoticeMutation();

  const save = async (values: NoticeFormValues) => {
    const change = toChange(values);
    if (notice) await updateNotice({ ...change, noticeId: notice.noticeId }).unwrap();
    else await addNotice(change).unwrap();
  };

  return (
    <FormDialog<NoticeFormValues> size="half" name="notice" editing={notice !== undefined} onSave={save} onClose={onClose}
      title={notice ? t('project.notice.editTitle') : t('project.notice.addTitle')} initialValues={notice ? toValues(notice) : NEW_NOTICE}>
      <Row gutter={16}>
        <FormField label={t('project.notice.title')} name="noticeTitle" rules={rules.noticeTitle} required>
          <Input maxLength={NOTICE_TITLE_MAX} />
        </FormField>
        <FormField span={12} label={t('project.notice.type')} name="noticeType">
          <Radio.Group options={types} />
        </FormField>
        <FormField span={12} label={t('project.notice.closed')} name="closed" valuePropName="checked">
          <Switch />
        </FormField>
        <FormField label={t('project.notice.content')} name="noticeContent" rules={rules.noticeContent}>
          <Input.TextArea maxLength={NOTICE_CONTENT_MAX} rows={6} showCount />
        </FormField>
        <FormField label={t('project.notice.image')} name="noticeImage">
          <FileUpload type={1} />
        </FormField>
        <FormField label={t('project.notice.remark')} name="remark" rules={rules.remark}>
          <Input maxLength={255} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
