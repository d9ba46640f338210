import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

// Both languages have the same keys, none empty: src/i18n/i18n.test.ts checks every module.
describe('the asset texts', () => {
  it("name the dictionaries' values as the server's seed does", () => {
    const statuses = ['0', '1', '2', '3'] as const;
    expect(statuses.map((status) => zhCN.asset.status[status])).toEqual(['闲置', '在用', '维修中', '已报废']);
    expect(statuses.map((status) => en.asset.status[status])).toEqual(['Idle', 'In use', 'Under repair', 'Scrapped']);
    const types = ['1', '2', '3', '4'] as const;
    expect(types.map((type) => zhCN.asset.recordType[type])).toEqual(['领用', '归还', '维修', '报废']);
    expect(types.map((type) => en.asset.recordType[type])).toEqual(['Receive', 'Return', 'Repair', 'Scrap']);
    expect((['1', '2', '3'] as const).map((type) => zhCN.asset.valueType[type])).toEqual(['文本', '数字', '选项']);
    expect((['1', '2', '3'] as const).map((type) => en.asset.valueType[type])).toEqual(['Text', 'Number', 'Options']);
  });

  it("say the rules as the server says them", () => {
    expect(zhCN.asset.rules.oneDefault).toBe('子选项最多只能有一个默认值');
    expect(en.asset.rules.oneDefault).toBe('At most one sub-option can be the default');
    expect(zhCN.asset.rules.optionValue).toBe('子选项的值不能为空');
    expect(en.asset.rules.optionValue).toBe("A sub-option's value cannot be empty");
    expect(zhCN.asset.rules.assetsRequired).toBe('请至少选择一个资产');
    expect(en.asset.rules.assetsRequired).toBe('Please choose at least one asset');
    expect(zhCN.asset.attribute.unsavedFirst).toBe('请先保存未保存的修改');
    expect(en.asset.attribute.unsavedFirst).toBe('Please save the unsaved changes first');
    for (const tab of ['assets', 'records', 'types'] as const) {
      expect(zhCN.asset.tabs[tab], tab).toBeTruthy();
      expect(en.asset.tabs[tab], tab).toBeTruthy();
    }
  });
});
