/** The personal center's wire shapes (contract: README.md, "Server contract"). */

/** GET /system/user/profile `data`. */
export interface Profile {
  userId: number | string;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: string;
  avatar: string;
  createTime: string;
}

export interface ProfileAnswer {
  user: Profile;
  roleGroup: string;
}

export interface ProfileChange {
  nickName: string;
  phonenumber: string;
  email: string;
  sex: string;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}
