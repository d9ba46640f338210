import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, getSettings, parseLayoutSettings, reloadSettings, THEME_PRESETS, updateSettings } from './settings';

describe('settings', () => {
  it('defaults: #409EFF, tags view on, fixed header off, sidebar logo on, size medium', () => {
    expect(getSettings()).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, size: 'medium' });
    expect(DEFAULT_LAYOUT_SETTINGS).toMatchObject({ theme: '#409EFF', tagsView: true, fixedHeader: false, sidebarLogo: true });
    expect(THEME_PRESETS).toEqual(['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d']);
  });

  it('persists layout settings in localStorage and the size in its cookie', () => {
    updateSettings({ theme: '#f5222d', tagsView: false, size: 'mini' });
    expect(JSON.parse(localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({ theme: '#f5222d', tagsView: false });
    expect(Cookies.get('size')).toBe('mini');
    reloadSettings();
    expect(getSettings()).toMatchObject({ theme: '#f5222d', tagsView: false, size: 'mini' });
  });

  it('falls back to the defaults for anything unreadable', () => {
    expect(parseLayoutSettings('not json')).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('{"theme":"red","tagsView":"no","fixedHeader":true}')).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      fixedHeader: true,
    });
    Cookies.set('size', 'huge');
    reloadSettings();
    expect(getSettings().size).toBe('medium');
  });
});
