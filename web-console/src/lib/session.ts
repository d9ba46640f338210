import { cookies as Cookies } from './cookies';

/** Cookie names; the spec (section 3 and 9) fixes the project, module and sidebar keys. */
export const CookieKeys = {
  token: 'Admin-Token',
  expiresAt: 'Admin-Expires-In',
  projectId: 'projectId',
  projectName: 'projectName',
  menuModule: 'menuModule',
  sidebarStatus: 'sidebarStatus',
  username: 'username',
  rememberMe: 'rememberMe',
} as const;

/** Project id meaning "no project selected". */
export const EMPTY_PROJECT_ID = '-1';
/** menuModule used when none is stored. */
export const DEFAULT_MENU_MODULE = '1';

export function getToken(): string | undefined {
  return Cookies.get(CookieKeys.token) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(CookieKeys.token, token);
}

export function removeToken(): void {
  Cookies.remove(CookieKeys.token);
  Cookies.remove(CookieKeys.expiresAt);
}

/** Session expiry as unix milliseconds, when the server has told us. */
export function getExpiresAt(): number | undefined {
  const raw = Cookies.get(CookieKeys.expiresAt);
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function setExpiresAt(expiresAt: number): void {
  Cookies.set(CookieKeys.expiresAt, String(expiresAt));
}

/** The selected project id, or undefined when none is selected (absent or -1). */
export function getProjectId(): string | undefined {
  const id = Cookies.get(CookieKeys.projectId);
  if (!id || id === EMPTY_PROJECT_ID) return undefined;
  return id;
}

export function getProjectName(): string {
  return Cookies.get(CookieKeys.projectName) ?? '';
}

export function setProject(id: string | number, name: string): void {
  Cookies.set(CookieKeys.projectId, String(id));
  Cookies.set(CookieKeys.projectName, name);
}

export function getMenuModule(): string {
  return Cookies.get(CookieKeys.menuModule) || DEFAULT_MENU_MODULE;
}

export function setMenuModule(menuModule: string): void {
  Cookies.set(CookieKeys.menuModule, menuModule);
}

/** localStorage keys of the selected scenery group and strong-current group (spec section 3). */
export const GroupStorageKeys = {
  sceneryGroupId: 'sceneryGroupId',
  strongCurrentGroupId: 'strongCurrentGroupId',
} as const;

/** Selecting a project forgets the groups chosen in the previous one (spec section 4). */
export function clearSelectedGroups(): void {
  try {
    window.localStorage.removeItem(GroupStorageKeys.sceneryGroupId);
    window.localStorage.removeItem(GroupStorageKeys.strongCurrentGroupId);
  } catch {
    // nothing stored
  }
}

/** Local part of logging out: everything the spec says logout clears. */
export function clearSessionCookies(): void {
  removeToken();
  Cookies.remove(CookieKeys.projectId);
  Cookies.remove(CookieKeys.projectName);
  Cookies.remove(CookieKeys.menuModule);
}

export function getSidebarOpened(): boolean {
  return Cookies.get(CookieKeys.sidebarStatus) !== '0';
}

export function setSidebarOpened(opened: boolean): void {
  Cookies.set(CookieKeys.sidebarStatus, opened ? '1' : '0');
}

export interface RememberedLogin {
  username: string;
  rememberMe: boolean;
}

/** Only the account name is remembered; the password is never stored. */
export function getRememberedLogin(): RememberedLogin {
  return {
    username: Cookies.get(CookieKeys.username) ?? '',
    rememberMe: Cookies.get(CookieKeys.rememberMe) === 'true',
  };
}

export function setRememberedLogin(login: RememberedLogin): void {
  if (login.rememberMe) {
    Cookies.set(CookieKeys.username, login.username, { expires: 30 });
    Cookies.set(CookieKeys.rememberMe, 'true', { expires: 30 });
  } else {
    Cookies.remove(CookieKeys.username);
    Cookies.remove(CookieKeys.rememberMe);
  }
  // Older consoles kept the password in a cookie; make sure none survives.
  Cookies.remove('password');
}
