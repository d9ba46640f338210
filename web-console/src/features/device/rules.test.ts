import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import {
  categoryRules,
  CODE_MAX,
  isCode,
  isIntegerIn,
  isMinimumBurnMinutes,
  isName,
  isRemark,
  isStatusCheckSeconds,
  isTypeValue,
  typeRules,
} from './rules';
import './i18n';

describe('equipment category and type rules', () => {
  it('names: 1 to 30 characters once trimmed, counted as characters', () => {
    expect(isName('灯具', 30)).toBe(true);
    expect(isName('x'.repeat(30), 30)).toBe(true);
    expect(isName(`  ${'x'.repeat(30)}  `, 30)).toBe(true);
    expect(isName('x'.repeat(31), 30)).toBe(false);
    expect(isName('😀'.repeat(30), 30)).toBe(true);
    expect(isName('   ', 30)).toBe(false);
    expect(isName('', 30)).toBe(false);
    expect(isName(undefined, 30)).toBe(false);
    expect(isName(12, 30)).toBe(false);
  });

  it('codes: 1 to 32 letters, digits, underscores or hyphens', () => {
    expect(isCode('LAMP_01-a')).toBe(true);
    expect(isCode('x'.repeat(CODE_MAX))).toBe(true);
    expect(isCode('x'.repeat(CODE_MAX + 1))).toBe(false);
    expect(isCode('')).toBe(false);
    expect(isCode('LAMP 01')).toBe(false);
    expect(isCode(' LAMP')).toBe(false);
    expect(isCode('灯具')).toBe(false);
    expect(isCode('lamp.01')).toBe(false);
    expect(isCode('lamp#1')).toBe(false);
    expect(isCode(undefined)).toBe(false);
  });

  it('type values: whole numbers 0 to 255', () => {
    expect(isTypeValue(0)).toBe(true);
    expect(isTypeValue(255)).toBe(true);
    expect(isTypeValue(-1)).toBe(false);
    expect(isTypeValue(256)).toBe(false);
    expect(isTypeValue(1.5)).toBe(false);
    expect(isTypeValue('8')).toBe(false);
    expect(isTypeValue(null)).toBe(false);
    expect(isTypeValue(undefined)).toBe(false);
  });

  it('status checks: whole seconds 10 to 86,400', () => {
    expect(isStatusCheckSeconds(10)).toBe(true);
    expect(isStatusCheckSeconds(300)).toBe(true);
    expect(isStatusCheckSeconds(86_400)).toBe(true);
    expect(isStatusCheckSeconds(9)).toBe(false);
    expect(isStatusCheckSeconds(86_401)).toBe(false);
    expect(isStatusCheckSeconds(30.5)).toBe(false);
    expect(isStatusCheckSeconds(undefined)).toBe(false);
  });

  it('minimum burns: whole minutes 0 to 240', () => {
    expect(isMinimumBurnMinutes(0)).toBe(true);
    expect(isMinimumBurnMinutes(240)).toBe(true);
    expect(isMinimumBurnMinutes(-1)).toBe(false);
    expect(isMinimumBurnMinutes(241)).toBe(false);
    expect(isMinimumBurnMinutes(2.5)).toBe(false);
    expect(isMinimumBurnMinutes(Number.NaN)).toBe(false);
  });

  it('ranges are inclusive and whole', () => {
    expect(isIntegerIn(5, 5, 5)).toBe(true);
    expect(isIntegerIn(Number.POSITIVE_INFINITY, 0, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('remarks: none, or at most 200 characters once trimmed', () => {
    expect(isRemark(undefined)).toBe(true);
    expect(isRemark(null)).toBe(true);
    expect(isRemark('')).toBe(true);
    expect(isRemark('x'.repeat(200))).toBe(true);
    expect(isRemark(`${'x'.repeat(200)}  `)).toBe(true);
    expect(isRemark('x'.repeat(201))).toBe(false);
    expect(isRemark(3)).toBe(false);
  });

  it('form rules carry their messages in the current language', async () => {
    const run = async (rule: unknown, value: unknown) => {
      const made = typeof rule === 'function' ? (rule as (form: unknown) => { validator: (r: unknown, v: unknown) => Promise<void> })({}) : undefined;
      if (!made) throw new Error('not a validator rule');
      return made.validator({}, value).then(
        () => 'ok',
        (error: Error) => error.message,
      );
    };
    const category = categoryRules(i18n.t);
    expect(await run(category.categoryCode[0], 'LAMP 1')).toBe('分类编码为 1 到 32 位字母、数字、下划线或连字符');
    expect(await run(category.categoryCode[0], 'LAMP-1')).toBe('ok');
    const type = typeRules(i18n.t);
    expect(await run(type.typeValue[0], 256)).toBe('类型值为 0 到 255 的整数');
    expect(await run(type.statusCheckSeconds[0], 5)).toBe('状态检测时间为 10 到 86400 秒的整数');
    expect(await run(type.minimumBurnMinutes[0], 241)).toBe('最小燃点时间为 0 到 240 分钟的整数');
    expect(await run(type.remark[0], 'x'.repeat(201))).toBe('备注最多 200 个字符');
  });
});
