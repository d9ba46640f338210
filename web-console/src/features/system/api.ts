import { api } from '../../api/api';
import { serializeApiError, type Envelope } from '../../api/errors';
import { toListPage, type ListPage } from '../../api/lists';
import { sendSheetImport } from '../../api/sheetImport';
import type {
  CheckedTree,
  DataScopeChange,
  Dept,
  DeptChange,
  DeptFilter,
  DeptTreeNode,
  ImportFailure,
  ImportOutcome,
  Qualification,
  Role,
  RoleChange,
  RoleOption,
  RoleQuery,
  RoleUser,
  RoleUserQuery,
  RoleUsersChange,
  TreeNodeData,
  User,
  UserChange,
  UserDetail,
  UserQuery,
} from './types';

/** Tag of a whole list (one per row otherwise, by id). */
export const LIST = 'LIST';

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** POST /system/user/importData (multipart `file`, `updateSupport`), all or none (api/sheetImport.ts). */
export const sendUserImport = (file: File, updateSupport: boolean): Promise<ImportOutcome> =>
  sendSheetImport<ImportFailure>('/system/user/importData', file, { updateSupport });

/** What a change of a role's users makes stale: the role's two lists, and those users' details (their roles). */
const roleUserTags = (roleId: number, userIds: readonly number[]) => [
  { type: 'RoleUser' as const, id: roleId },
  ...userIds.map((userId) => ({ type: 'User' as const, id: userId })),
];

/** A tree answer's nodes under `field` and its checkedKeys. */
const checkedTreeOf = (envelope: Envelope, field: string): CheckedTree => ({
  nodes: listOf<TreeNodeData>(envelope[field]),
  checkedKeys: listOf<number>(envelope.checkedKeys),
});

/**
 * The organization, the users and the roles (contract: Organization and users; RuoYi-Vue's
 * role.js and menu.js); the dictionaries are in dictApi.ts.
 */
export const systemApi = api.enhanceEndpoints({ addTagTypes: ['Dept', 'DeptTree', 'User', 'Role', 'RoleUser'] }).injectEndpoints({
  endpoints: (build) => ({
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
      providesTags: [{ type: 'Role', id: LIST }],
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
    getRoles: build.query<ListPage<Role>, RoleQuery>({
      query: (params) => ({ url: '/system/role/list', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<Role>(envelope),
      providesTags: (result) => [{ type: 'Role', id: LIST }, ...(result?.rows ?? []).map((row) => ({ type: 'Role' as const, id: row.roleId }))],
    }),
    getRole: build.query<Role, number>({
      query: (roleId) => ({ url: `/system/role/${roleId}` }),
      transformResponse: (envelope: Envelope) => envelope.data as Role,
      providesTags: (_result, _error, roleId) => [{ type: 'Role', id: roleId }],
    }),
    addRole: build.mutation<void, RoleChange>({
      query: (body) => ({ url: '/system/role', method: 'POST', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Role', id: LIST }],
    }),
    updateRole: build.mutation<void, RoleChange & { roleId: number }>({
      query: (body) => ({ url: '/system/role', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Role', id: LIST },
        { type: 'Role', id: body.roleId },
      ],
    }),
    deleteRoles: build.mutation<void, number[]>({
      query: (roleIds) => ({ url: `/system/role/${roleIds.join(',')}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [{ type: 'Role', id: LIST }],
    }),
    changeRoleStatus: build.mutation<void, { roleId: number; status: string }>({
      query: (body) => ({ url: '/system/role/changeStatus', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Role', id: LIST },
        { type: 'Role', id: body.roleId },
      ],
    }),
    setRoleDataScope: build.mutation<void, DataScopeChange>({
      query: (body) => ({ url: '/system/role/dataScope', method: 'PUT', data: body }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, body) => [
        { type: 'Role', id: LIST },
        { type: 'Role', id: body.roleId },
      ],
    }),
    /** Every menu and button as a tree (a new role's form). */
    getMenuTree: build.query<TreeNodeData[], void>({
      query: () => ({ url: '/system/menu/treeselect' }),
      transformResponse: (envelope: Envelope) => listOf<TreeNodeData>(envelope.data),
    }),
    /** Every menu and button as a tree, and the role's checked ones (with linkage, the lowest granted). */
    getRoleMenuTree: build.query<CheckedTree, number>({
      query: (roleId) => ({ url: `/system/menu/roleMenuTreeselect/${roleId}` }),
      transformResponse: (envelope: Envelope) => checkedTreeOf(envelope, 'menus'),
      providesTags: (_result, _error, roleId) => [{ type: 'Role', id: roleId }],
    }),
    /** Every organization node as a tree, and those of the role's custom data scope. */
    getRoleDeptTree: build.query<CheckedTree, number>({
      query: (roleId) => ({ url: `/system/role/deptTree/${roleId}` }),
      transformResponse: (envelope: Envelope) => checkedTreeOf(envelope, 'depts'),
      providesTags: (_result, _error, roleId) => [{ type: 'Role', id: roleId }, 'DeptTree'],
    }),

    /** The users holding a role (RuoYi's authUser/allocatedList), in the caller's data scope. */
    getAllocatedUsers: build.query<ListPage<RoleUser>, RoleUserQuery>({
      query: (params) => ({ url: '/system/role/authUser/allocatedList', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<RoleUser>(envelope),
      providesTags: (_result, _error, query) => [{ type: 'RoleUser', id: query.roleId ?? LIST }],
    }),
    /** The users not holding a role (authUser/unallocatedList), to grant it to. */
    getUnallocatedUsers: build.query<ListPage<RoleUser>, RoleUserQuery>({
      query: (params) => ({ url: '/system/role/authUser/unallocatedList', params: { ...params } }),
      transformResponse: (envelope: Envelope) => toListPage<RoleUser>(envelope),
      providesTags: (_result, _error, query) => [{ type: 'RoleUser', id: query.roleId ?? LIST }],
    }),
    /** Grants a role to users (PUT authUser/selectAll?roleId&userIds=1,2). */
    grantRoleUsers: build.mutation<void, RoleUsersChange>({
      query: ({ roleId, userIds }) => ({ url: '/system/role/authUser/selectAll', method: 'PUT', params: { roleId, userIds: userIds.join(',') } }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { roleId, userIds }) => roleUserTags(roleId, userIds),
    }),
    /** Takes a role from users (PUT authUser/cancelAll?roleId&userIds=1,2). */
    cancelRoleUsers: build.mutation<void, RoleUsersChange>({
      query: ({ roleId, userIds }) => ({ url: '/system/role/authUser/cancelAll', method: 'PUT', params: { roleId, userIds: userIds.join(',') } }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { roleId, userIds }) => roleUserTags(roleId, userIds),
    }),
    /** Takes a role from one user (PUT authUser/cancel with the JSON body {userId, roleId}). */
    cancelRoleUser: build.mutation<void, { roleId: number; userId: number }>({
      query: ({ roleId, userId }) => ({ url: '/system/role/authUser/cancel', method: 'PUT', data: { userId, roleId } }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, { roleId, userId }) => roleUserTags(roleId, [userId]),
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
  useGetRolesQuery,
  useGetRoleQuery,
  useAddRoleMutation,
  useUpdateRoleMutation,
  useDeleteRolesMutation,
  useChangeRoleStatusMutation,
  useSetRoleDataScopeMutation,
  useGetMenuTreeQuery,
  useGetRoleMenuTreeQuery,
  useGetRoleDeptTreeQuery,
  useGetAllocatedUsersQuery,
  useGetUnallocatedUsersQuery,
  useGrantRoleUsersMutation,
  useCancelRoleUsersMutation,
  useCancelRoleUserMutation,
} = systemApi;
