import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

// Both languages have the same keys, none empty: src/i18n/i18n.test.ts checks every module.
describe('the lighting texts', () => {
  it('keep the spec texts word for word', () => {
    expect(en.lighting.control.deviceOffline).toBe('Device offline, cannot operate.');
    expect(zhCN.lighting.control.deviceOffline).toBe('设备离线，无法操作。');
    // spec section 8: a task without scenes
    expect(en.lighting.task.rules.scenes).toBe('Operation error, please select a scenario to deliver');
    expect(zhCN.lighting.task.rules.scenes).toBe('操作错误，请选择要下发的场景');
    // batch parameter setting: gateways of different brands
    expect(en.lighting.gateway.params.mixedBrands).toBe('Only one gateway brand supports batch parameter setting');
    expect(zhCN.lighting.gateway.params.mixedBrands).toBe('只支持同一种网关品牌批量设置参数');
  });
});
