import { useEffect, useMemo } from 'react';
import { Alert, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import type { EditorDialogProps } from '../../../../components/listPage';
import { useAccess } from '../../../auth/useAccess';
import { useGetUsersQuery } from '../../../system/api';
import { useGetInspectionTeamQuery, useSaveInspectionTeamMutation } from '../../api';
import { INSPECTION_NAME_MAX, INSPECTION_REMARK_MAX, inspectionRules, TEAM_MEMBERS_MAX } from '../../rules';
import type { InspectionTeam } from '../../types';
import { USER_LIST_PERMISSION } from '../permissions';
import { memberLabel, NEW_TEAM, normalizeIds, toChange, toValues, type TeamFormValues } from './formValues';
import '../../i18n';

/** Enabled users offered as members (the Select searches among them). */
const USER_OPTIONS_SIZE = 200;
const ENABLED = '0';

/**
 * Adds or edits a team: its name, 1 to 50 members picked from the system's enabled users (or,
 * for a caller who may not list users, or when the server refuses, their user ids typed) and
 * a remark. Editing reads the team afresh (GET /operation/inspection/team/{id}).
 */
export default function TeamFormDialog({ row: team, onClose }: EditorDialogProps<InspectionTeam>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamFormValues>();
  const rules = inspectionRules(t);
  const access = useAccess();
  const mayListUsers = access.hasPermi([USER_LIST_PERMISSION]);
  const users = useGetUsersQuery({ pageNum: 1, pageSize: USER_OPTIONS_SIZE, status: ENABLED }, { skip: !mayListUsers });
  const typed = !mayListUsers || users.isError;
  const { data: detail } = useGetInspectionTeamQuery(team?.teamId ?? 0, { skip: !team, refetchOnMountOrArgChange: true });
  const [saveTeam] = useSaveInspectionTeamMutation();
  const current = detail?.members ?? team?.members;

  // the users, and the team's own members (who may be beyond the first page, or disabled since)
  const options = useMemo(() => {
    const seen = new Set<number>();
    const all = [...(users.data?.rows ?? []), ...(current ?? [])];
    return all.flatMap((user) => {
      if (seen.has(user.userId)) return [];
      seen.add(user.userId);
      return [{ value: user.userId, label: memberLabel(user) }];
    });
  }, [users.data, current]);

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: TeamFormValues) => saveTeam({ ...toChange(values), teamId: team?.teamId }).unwrap();

  return (
    <FormDialog<TeamFormValues> form={form} name="inspectionTeam" editing={team !== undefined} onSave={save} onClose={onClose}
      title={team ? t('operation.inspection.team.editTitle') : t('operation.inspection.team.addTitle')} initialValues={team ? toValues(team) : NEW_TEAM}>
      <Row gutter={16}>
        <FormField label={t('operation.inspection.team.name')} name="teamName" rules={rules.teamName}>
          <Input maxLength={INSPECTION_NAME_MAX} />
        </FormField>
        {typed ? (
          <FormField label={t('operation.inspection.team.members')} name="memberIds" rules={rules.typedMembers} normalize={normalizeIds} required
            extra={<Alert type="info" showIcon message={t('operation.inspection.team.membersManual')} style={{ marginTop: 8 }} />}>
            <Select mode="tags" options={options} optionFilterProp="label" tokenSeparators={[',', ' ']} maxCount={TEAM_MEMBERS_MAX} open={false} suffixIcon={null} />
          </FormField>
        ) : (
          <FormField label={t('operation.inspection.team.members')} name="memberIds" rules={rules.members} required>
            <Select mode="multiple" showSearch optionFilterProp="label" loading={users.isFetching} maxCount={TEAM_MEMBERS_MAX}
              placeholder={t('operation.inspection.team.membersPlaceholder')} options={options} />
          </FormField>
        )}
        <FormField label={t('operation.inspection.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={INSPECTION_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
