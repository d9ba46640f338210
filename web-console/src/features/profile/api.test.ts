import { describe, expect, it } from 'vitest';
import { toProfileAnswer } from './api';

describe('profile answer', () => {
  it('reads data and roleGroup, tolerating missing fields', () => {
    expect(
      toProfileAnswer({
        code: 200,
        data: { userId: 1, userName: 'admin', nickName: '超级管理员', email: null, sex: 0, createTime: '2024-05-01 10:00:00' },
        roleGroup: '超级管理员',
      }),
    ).toEqual({
      user: { userId: 1, userName: 'admin', nickName: '超级管理员', email: '', phonenumber: '', sex: '0', avatar: '', createTime: '2024-05-01 10:00:00' },
      roleGroup: '超级管理员',
    });
    expect(toProfileAnswer({ code: 200 }).user.userName).toBe('');
  });
});
