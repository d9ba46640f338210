import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, checkAvatarFile } from './rules';

describe('avatar files', () => {
  it('takes PNG or JPEG up to 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeUndefined();
    expect(checkAvatarFile({ type: 'image/jpeg', size: 10 })).toBeUndefined();
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});
