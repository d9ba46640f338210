export interface UserProfile {
  userId: number | string;
  userName: string;
  nickName: string;
  avatar: string;
  email?: string;
  phonenumber?: string;
  sex?: string;
}

/** GET /getInfo, normalised. */
export interface SessionInfo {
  user: UserProfile;
  roles: string[];
  permissions: string[];
  /** The server's default menu path (sent as `defultMenu`), or ''. */
  defaultMenu: string;
}

export interface LoginBody {
  username: string;
  password: string;
  code: string;
  uuid: string;
}

export interface Captcha {
  captchaEnabled: boolean;
  uuid: string;
  /** A data: URL ready for <img src>. */
  image: string;
}

export interface OtherSystemLogin {
  status: 'success' | 'error';
  token: string;
}
