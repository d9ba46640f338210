import { useSyncExternalStore } from 'react';
import { cookies as Cookies } from './cookies';

/**
 * Appearance settings (spec sections 2 and 9). They live outside Redux because the theme
 * and size apply to the sign-in page too, which does not load the store.
 */

/** Theme colour presets; the shell's default is the first. */
export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;
export const DEFAULT_THEME = '#409EFF';

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

/** The spec's size names, as the selector shows them. */
export const SIZE_LABELS: Readonly<Record<Size, string>> = {
  default: 'Default',
  medium: 'Medium',
  small: 'Small',
  mini: 'Mini',
};
/** Cookie holding the size (spec section 9). */
export const SIZE_COOKIE = 'size';
/** localStorage key holding the layout settings. */
export const LAYOUT_SETTINGS_KEY = 'layout-setting';

export interface LayoutSettings {
  /** Theme colour, a #rrggbb value. */
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** The breadcrumb in the top bar (an app setting; not in the settings panel). */
  breadcrumb: boolean;
  /** A beep when an alarm is raised. */
  alarmSound: boolean;
  /** A desktop notification when an alarm is raised (the browser's permission too). */
  alarmNotification: boolean;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  theme: DEFAULT_THEME,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  breadcrumb: true,
  alarmSound: false,
  alarmNotification: false,
};

export interface Settings extends LayoutSettings {
  size: Size;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

/** Stored settings, each field checked; anything unreadable falls back to the default. */
export function parseLayoutSettings(raw: string | null): LayoutSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const flag = (key: keyof LayoutSettings, fallback: boolean) =>
    typeof stored[key] === 'boolean' ? stored[key] : fallback;
  return {
    theme: typeof stored.theme === 'string' && COLOR.test(stored.theme) ? stored.theme : DEFAULT_THEME,
    tagsView: flag('tagsView', DEFAULT_LAYOUT_SETTINGS.tagsView),
    fixedHeader: flag('fixedHeader', DEFAULT_LAYOUT_SETTINGS.fixedHeader),
    sidebarLogo: flag('sidebarLogo', DEFAULT_LAYOUT_SETTINGS.sidebarLogo),
    breadcrumb: flag('breadcrumb', DEFAULT_LAYOUT_SETTINGS.breadcrumb),
    alarmSound: flag('alarmSound', DEFAULT_LAYOUT_SETTINGS.alarmSound),
    alarmNotification: flag('alarmNotification', DEFAULT_LAYOUT_SETTINGS.alarmNotification),
  };
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(LAYOUT_SETTINGS_KEY);
  } catch {
    return null;
  }
}

function read(): Settings {
  const size = Cookies.get(SIZE_COOKIE);
  return { ...parseLayoutSettings(readStorage()), size: isSize(size) ? size : DEFAULT_SIZE };
}

let snapshot: Settings = read();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSettings(): Settings {
  return snapshot;
}

/** Changes and persists settings (layout ones in localStorage, the size in its cookie). */
export function updateSettings(change: Partial<Settings>): void {
  snapshot = { ...snapshot, ...change };
  const { size, ...layout } = snapshot;
  try {
    window.localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(layout));
  } catch {
    // private mode: the change lasts for this page only
  }
  Cookies.set(SIZE_COOKIE, size);
  emit();
}

/** Re-reads storage (tests clear it between cases). */
export function reloadSettings(): void {
  snapshot = read();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
