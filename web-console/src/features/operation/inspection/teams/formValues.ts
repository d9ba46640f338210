import type { InspectionMember, InspectionTeam, InspectionTeamChange } from '../../types';

/** The team dialog's fields: members by user id (numbers; a typed text stays one until it is a number). */
export interface TeamFormValues {
  teamName: string;
  memberIds: (number | string)[];
  remark?: string;
}

export const NEW_TEAM: Partial<TeamFormValues> = { memberIds: [] };

/** A member as an option: the nickname and the account, or the account. */
export function memberLabel({ userName, nickName }: Pick<InspectionMember, 'userName' | 'nickName'>): string {
  return nickName ? `${nickName} (${userName})` : userName;
}

/** The members' names as the list shows them: the server's, else the nicknames (or accounts). */
export function memberNamesOf(team: Pick<InspectionTeam, 'memberNames' | 'members'>): string {
  if (team.memberNames) return team.memberNames;
  return (team.members ?? []).map((member) => member.nickName || member.userName).join('、');
}

export function toValues(team: InspectionTeam): TeamFormValues {
  return { teamName: team.teamName, memberIds: (team.members ?? []).map((member) => member.userId), remark: team.remark };
}

/** Typed ids as numbers (a Select in tags mode gives texts); anything else is kept for the rule to refuse. */
export function normalizeIds(values: unknown): (number | string)[] {
  if (!Array.isArray(values)) return [];
  return values.map((value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value.trim()) : (value as number | string)));
}

/** The body the server takes: texts trimmed, each member once. */
export function toChange(values: TeamFormValues): InspectionTeamChange {
  return {
    teamName: values.teamName.trim(),
    memberIds: [...new Set(values.memberIds.map(Number))],
    remark: (values.remark ?? '').trim(),
  };
}
