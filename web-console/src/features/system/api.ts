import { api } from '../../api/api';
import { BASE_API, createHttpClient } from '../../api/client';
import { ApiError, serializeApiError, type Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import { presentError } from '../../api/presenter';
import i18n from '../../i18n';
import { getProjectId, getToken } from '../../lib/session';
import type {
  Dept,
  DeptChange,
  DeptFilter,
  DeptTreeNode,
  ImportFailure,
  ImportOutcome,
  Qualification,
  RoleOption,
  User,
  UserChange,
  UserDetail,
  UserQuery,
} from './types';

export interface DictItem {
  dictValue: string;
  dictLabel: string;
  dictLabelZh?: string;
  dictLabelEn?: string;
  [field: string]: unknown;
}

/** Tag of a whole list (one per row otherwise, by id). */
export const LIST = 'LIST';

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The failures of an import's refusal (`data.failures`), or undefined when it has none. */
export function failuresOf(body: unknown): ImportFailure[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as Envelope).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const failures = (data as { failures?: unknown }).failures;
  return Array.isArray(failures) && failures.length > 0 ? (failures as ImportFailure[]) : undefined;
}

/**
 * POST /system/user/importData: the client answers a refusal with its msg only, so this client
 * (the console's, made the same way) also keeps the answer's body to read `data.failures`. A
 * refusal with failures resolves with them; any other failure is shown as usual and rejects.
 */
export async function sendUserImport(file: File, updateSupport: boolean): Promise<ImportOutcome> {
  let answered: unknown;
  const client = createHttpClient({
    baseUrl: BASE_API,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      answered = await response
        .clone()
        .json()
        .catch(() => undefined);
      return response;
    },
    getToken,
    getProjectId,
    getLanguage: () => i18n.language,
    t: i18n.t.bind(i18n),
    present: presentError,
  });
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const envelope = await client.request({ url: '/system/user/importData', method: 'POST', params: { updateSupport }, data: form, silent: true });
    return { msg: typeof envelope.msg === 'string' ? envelope.msg : '', failures: [] };
  } catch (error) {
    const failures = failuresOf(answered);
    if (error instanceof ApiError && failures) return { msg: error.message, failures };
    if (error instanceof ApiError && error.presentation !== 'none') presentError(error);
    throw error;
  }
}

/** The dictionaries, the organization and the users (contract: Organization and users). */
export const systemApi = api.enhanceEndpoints({ addTagTypes: ['Dept', 'DeptTree', 'User'] }).injectEndpoints({
  endpoints: (build) => ({
    getDicts: build.query<DictItem[], string>({
      query: (type) => ({ url: `/system/dict/data/type/${encodeURIComponent(type)}` }),
      transformResponse: (envelope: Envelope) => (Array.isArray(envelope.data) ? (envelope.data as DictItem[]) : []),
      providesTags: (_result, _error, type) => [{ type: 'Dict', id: type }],
    }),

    getDepts: build.query<Dept[], DeptFilter>({
      query: (filter) => ({ url: '/system/dept/list', params: { ...filter } }),
      transformResponse: (envelope: Envelope) => listOf<Dept>(envelope.data),
      providesTags: [{ type: 'Dept', id: LIST }],
    }),
    /** The nodes a node may move under: all but itself and its descendants. */
    getDeptsExcluding: build.query<Dept[], number>({
      query: (deptId) => ({ url: `/system/dept/list/exclude/${deptId}` }),
      transformResponse: (envelope: Envelope) => listOf<Dept>(envelope.data),
      providesTags: [{ type: 'Dept', id: LIST }],
    }),
    addDept: build.mutation<void, DeptChange>({
      query: (body) => ({ url: '/system/dept', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Dept', id: LIST }, 'DeptTree'],
    }),
    updateDept: build.mutation<void, DeptChange & { deptId: number }>({
      query: (body) => ({ url: '/system/dept', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      // users show their organization's name
      invalidatesTags: [{ type: 'Dept', id: LIST }, 'DeptTree', 'User'],
    }),
    deleteDept: build.mutation<void, number>({
      query: (deptId) => ({ url: `/system/dept/${deptId}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Dept', id: LIST }, 'DeptTree'],
    }),
    /** The enabled nodes as a tree (the user screen's left pane and its form). */
    getDeptTree: build.query<DeptTreeNode[], void>({
      query: () => ({ url: '/system/user/deptTree' }),
      transformResponse: (envelope: Envelope) => listOf<DeptTreeNode>(envelope.data),
      providesTags: ['DeptTree'],
    }),

    getUsers: build.query<ListPage<User>, UserQuery>({
      query: (params) => ({ url: '/system/user/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<User>(envelope),
      providesTags: (result) => [{ type: 'User', id: LIST }, ...(result?.rows ?? []).map((row) => ({ type: 'User' as const, id: row.userId }))],
    }),
    /** GET /system/user/: the roles a new user may be granted. */
    getUserFormRoles: build.query<RoleOption[], void>({
      query: () => ({ url: '/system/user/' }),
      transformResponse: (envelope: Envelope) => listOf<RoleOption>(envelope.roles),
    }),
    getUser: build.query<UserDetail, number>({
      query: (userId) => ({ url: `/system/user/${userId}` }),
      transformResponse: (envelope: Envelope) => {
        const user = (typeof envelope.data === 'object' && envelope.data !== null ? envelope.data : {}) as UserDetail['user'];
        return {
          user: { ...user, qualifications: listOf<Qualification>(user.qualifications), projectIds: listOf<number>(user.projectIds) },
          roleIds: listOf<number>(envelope.roleIds),
          roles: listOf<RoleOption>(envelope.roles),
        };
      },
      providesTags: (_result, _error, userId) => [{ type: 'User', id: userId }],
    }),
    addUser: build.mutation<void, UserChange>({
      query: (body) => ({ url: '/system/user', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    updateUser: build.mutation<void, UserChange & { userId: number }>({
      query: (body) => ({ url: '/system/user', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'User', id: LIST },
        { type: 'User', id: body.userId },
      ],
    }),
    deleteUsers: build.mutation<void, number[]>({
      query: (userIds) => ({ url: `/system/user/${userIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    resetUserPassword: build.mutation<void, { userId: number; password: string }>({
      query: (body) => ({ url: '/system/user/resetPwd', method: 'PUT', data: body }),
      transformResponse: () => undefined,
    }),
    changeUserStatus: build.mutation<void, { userId: number; status: string }>({
      query: (body) => ({ url: '/system/user/changeStatus', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'User', id: LIST },
        { type: 'User', id: body.userId },
      ],
    }),
    /** Imports a sheet of users; answers the refused rows (then nothing was imported). */
    importUsers: build.mutation<ImportOutcome, { file: File; updateSupport: boolean }>({
      queryFn: async ({ file, updateSupport }) => {
        try {
          return { data: await sendUserImport(file, updateSupport) };
        } catch (error) {
          return { error: serializeApiError(error) };
        }
      },
      invalidatesTags: (result) => (result && result.failures.length === 0 ? [{ type: 'User', id: LIST }] : []),
    }),
  }),
});

/** Parameter values (GET /system/config/configKey/{key}) are read through app/configValues.ts. */
export const {
  useGetDictsQuery,
  useGetDeptsQuery,
  useGetDeptsExcludingQuery,
  useAddDeptMutation,
  useUpdateDeptMutation,
  useDeleteDeptMutation,
  useGetDeptTreeQuery,
  useGetUsersQuery,
  useGetUserFormRolesQuery,
  useGetUserQuery,
  useAddUserMutation,
  useUpdateUserMutation,
  useDeleteUsersMutation,
  useResetUserPasswordMutation,
  useChangeUserStatusMutation,
  useImportUsersMutation,
} = systemApi;

/** A dictionary label in the current language. */
export function dictLabel(item: DictItem, language: string): string {
  if (language === 'en') return item.dictLabelEn || item.dictLabel;
  return item.dictLabelZh || item.dictLabel;
}
