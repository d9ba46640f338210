import type { Qualification, User, UserChange, UserDetail } from '../types';

/** "1": every project; "0": the chosen ones. */
export const ALL_PROJECTS = '1';
export const SELECTED_PROJECTS = '0';

/** The user form's fields. */
export interface UserFormValues {
  userName?: string;
  nickName: string;
  deptId?: number;
  phonenumber?: string;
  email?: string;
  sex?: string;
  status: string;
  password?: string;
  roleIds?: number[];
  allProjects: string;
  projectIds?: (number | string)[];
  qualifications?: Partial<Qualification>[];
  remark?: string;
}

/** A new user: normal, every project, no role, no qualification. */
export const NEW_USER: Partial<UserFormValues> = { status: '0', allProjects: ALL_PROJECTS, roleIds: [], projectIds: [], qualifications: [] };

/** A listed user in the form; roles, projects and qualifications come with the detail. */
export function toValues(user: User): UserFormValues {
  return {
    userName: user.userName,
    nickName: user.nickName,
    deptId: user.deptId ?? undefined,
    phonenumber: user.phonenumber,
    email: user.email,
    sex: user.sex || undefined,
    status: user.status,
    allProjects: user.allProjects === ALL_PROJECTS ? ALL_PROJECTS : SELECTED_PROJECTS,
    remark: user.remark,
  };
}

/** What the detail (GET /system/user/{id}) adds to the form. */
export function detailValues(detail: UserDetail): Partial<UserFormValues> {
  return {
    roleIds: detail.roleIds,
    allProjects: detail.user.allProjects === ALL_PROJECTS ? ALL_PROJECTS : SELECTED_PROJECTS,
    projectIds: detail.user.projectIds,
    qualifications: detail.user.qualifications.map(({ code, name }) => ({ code, name })),
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * The form's values as the server takes them: texts trimmed, no organization left out, the
 * projects only when they are chosen one by one, the qualifications' rows in order.
 */
export function toChange(values: UserFormValues): UserChange {
  const allProjects = values.allProjects === ALL_PROJECTS ? ALL_PROJECTS : SELECTED_PROJECTS;
  const change: UserChange = {
    userName: text(values.userName),
    nickName: text(values.nickName),
    phonenumber: text(values.phonenumber),
    email: text(values.email),
    sex: values.sex ?? '',
    status: values.status,
    remark: text(values.remark),
    roleIds: values.roleIds ?? [],
    allProjects,
    projectIds: allProjects === ALL_PROJECTS ? [] : (values.projectIds ?? []).map(Number),
    qualifications: (values.qualifications ?? []).map((row) => ({ code: text(row.code), name: text(row.name) })),
  };
  if (values.deptId !== undefined && values.deptId !== null) change.deptId = values.deptId;
  if (values.password !== undefined) change.password = values.password;
  return change;
}
