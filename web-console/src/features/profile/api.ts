import { api } from '../../api/api';
import type { Envelope } from '../../api/errors';
import type { PasswordChange, ProfileAnswer, ProfileChange } from './types';

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

export function toProfileAnswer(envelope: Envelope): ProfileAnswer {
  const data = (typeof envelope.data === 'object' && envelope.data !== null ? envelope.data : {}) as Record<string, unknown>;
  return {
    user: {
      userId: typeof data.userId === 'number' ? data.userId : text(data.userId),
      userName: text(data.userName),
      nickName: text(data.nickName),
      email: text(data.email),
      phonenumber: text(data.phonenumber),
      sex: text(data.sex),
      avatar: text(data.avatar),
      createTime: text(data.createTime),
    },
    roleGroup: text(envelope.roleGroup),
  };
}

/** The personal center's calls (built against the contract in README.md). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileAnswer, void>({
      query: () => ({ url: '/system/user/profile' }),
      transformResponse: toProfileAnswer,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<string, ProfileChange>({
      query: (body) => ({ url: '/system/user/profile', method: 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => text(envelope.msg),
      invalidatesTags: ['Profile'],
    }),
    updatePassword: build.mutation<string, PasswordChange>({
      query: (body) => ({ url: '/system/user/profile/updatePwd', method: 'PUT', data: body }),
      transformResponse: (envelope: Envelope) => text(envelope.msg),
    }),
    /** Multipart `avatarfile`; answers the stored image path. */
    uploadAvatar: build.mutation<string, Blob>({
      query: (image) => {
        const form = new FormData();
        form.append('avatarfile', image, 'avatar.png');
        return { url: '/system/user/profile/avatar', method: 'POST', data: form };
      },
      transformResponse: (envelope: Envelope) => text(envelope.imgUrl),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useUpdatePasswordMutation, useUploadAvatarMutation } =
  profileApi;
