import { describe, expect, it } from 'vitest';
import { buttonWidth, textLength } from './text';

describe('button width', () => {
  it('counts a Chinese character as 2 and anything else as 1', () => {
    expect(textLength('新增')).toBe(4);
    expect(textLength('Export')).toBe(6);
    expect(textLength('导出 Excel')).toBe(10);
  });

  it('is the length times 12, at least 50', () => {
    expect(buttonWidth('新增')).toBe(50);
    expect(buttonWidth('OK')).toBe(50);
    expect(buttonWidth('批量删除')).toBe(96);
    expect(buttonWidth('Export all')).toBe(120);
  });
});
