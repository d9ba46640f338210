/** Avatar files (contract: PNG or JPEG, at most 2 MB). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Side of the uploaded square image, in pixels. */
export const AVATAR_SIZE = 200;

export type AvatarProblem = 'type' | 'size';

export function checkAvatarFile(file: { type: string; size: number }): AvatarProblem | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return undefined;
}

/** The basic details' limits (contract: PUT /system/user/profile). */
export const NICKNAME_MAX = 30;
export const PHONE_MAX = 11;
export const EMAIL_MAX = 50;
