import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { assetOf, failuresOf, savedId, typeOf } from './api';
import { defaultsOf, fieldValueOf, toChange as assetChange, toValues as assetValues, valueText } from './assets/formValues';
import { idleLamp, lampType, poleType } from './fixtures';
import { toRecordBody } from './shared/recordValues';
import { attributeValues, defaultLabel, toAttribute, toChange as typeChange } from './types/formValues';

describe('the asset dialog', () => {
  it("starts a type's attributes at their defaults: the default sub-option, several for a multiple one", () => {
    expect(defaultsOf(lampType)).toEqual({ light_source: 'LED', power_w: null });
    expect(defaultsOf(poleType)).toEqual({ mounts: ['CAM'], material: '钢' });
    expect(defaultsOf(undefined)).toEqual({});
  });

  it('reads the values back by their attributes and sends them as texts, several options joined with ","', () => {
    const [source, power] = lampType.attributes;
    const [mounts] = poleType.attributes;
    expect(fieldValueOf(power!, '150')).toBe(150);
    expect(fieldValueOf(power!, '')).toBeNull();
    expect(fieldValueOf(source!, 'HPS')).toBe('HPS');
    expect(fieldValueOf(mounts!, 'CAM, SPK')).toEqual(['CAM', 'SPK']);
    expect(valueText(['CAM', 'SPK'])).toBe('CAM,SPK');
    expect(valueText(150)).toBe('150');
    expect(valueText(null)).toBe('');
  });

  it('sends what the server takes: texts trimmed, dates as YYYY-MM-DD, each attribute of the type', () => {
    const values = assetValues(idleLamp, lampType);
    expect(values.attrs).toEqual({ light_source: 'LED', power_w: 150 });
    expect(values.startDate?.format('YYYY-MM-DD')).toBe('2024-03-15');
    const body = assetChange({ ...values, assetName: ' 洗墙灯 ', initialValue: '860.', limitMonths: ' 36 ', expireDate: dayjs('2031-01-31') }, lampType);
    expect(body).toEqual({
      assetCode: 'ZC-0003',
      assetName: '洗墙灯',
      typeId: 1,
      expireDate: '2031-01-31',
      model: 'FL-150',
      brand: '明亮',
      address: '滨江公园',
      supplier: '明亮照明工程有限公司',
      initialValue: '860',
      residualRate: '5.00',
      startDate: '2024-03-15',
      limitMonths: 36,
      image: '',
      attachment: '',
      attributes: [
        { attrCode: 'light_source', value: 'LED' },
        { attrCode: 'power_w', value: '150' },
      ],
    });
    // a value the type does not have is not sent
    expect(assetChange({ ...values, attrs: { ...values.attrs, other: 'x' } }, lampType).attributes).toHaveLength(2);
  });
});

describe('the type dialog', () => {
  it("saves an attribute as the server takes it: a range only when a number is verified, options only for options, the default sub-option's value", () => {
    const [source, power] = lampType.attributes;
    expect(toAttribute(attributeValues(power!))).toEqual(power);
    expect(toAttribute(attributeValues(source!))).toEqual(source);
    expect(toAttribute({ ...attributeValues(power!), valueType: '1', defaultValue: ' 钢 ' })).toMatchObject({ verify: false, min: null, max: null, defaultValue: '钢', options: [] });
    expect(toAttribute({ ...attributeValues(source!), multiple: true, options: [{ value: ' A ', isDefault: false }, { value: 'B', isDefault: true }] })).toMatchObject({
      multiple: true,
      defaultValue: 'B',
      options: [
        { value: 'A', labelZh: '', labelEn: '', isDefault: false },
        { value: 'B', labelZh: '', labelEn: '', isDefault: true },
      ],
    });
    expect(toAttribute({ ...attributeValues(power!), multiple: true }).multiple).toBe(false);
    expect(defaultLabel(source!, (option) => option.labelZh)).toBe('LED');
    expect(typeChange({ typeCode: ' LAMP ', nameZh: ' 灯具 ', nameEn: 'Lamp', attributes: [] })).toEqual({ typeCode: 'LAMP', nameZh: '灯具', nameEn: 'Lamp', remark: '', attributes: [] });
  });
});

describe('the wire', () => {
  it("reads a write's id beside code, lists that are missing as empty, an import's failures", () => {
    expect(savedId({ code: 200, msg: '操作成功', assetId: 21 }, 'assetId')).toBe(21);
    expect(savedId({ code: 200 }, 'recordId')).toBe(0);
    expect(typeOf({ typeId: 1, attributes: [{ attrCode: 'x', min: 1 } as never] }).attributes[0]).toMatchObject({ attrCode: 'x', min: 1, max: null, options: [], verify: false });
    expect(assetOf({ assetId: 1 }).attributes).toEqual([]);
    expect(failuresOf({ code: 500, data: { failures: [{ row: 2, assetCode: 'A', msg: 'x' }] } })).toHaveLength(1);
    expect(failuresOf({ code: 500, msg: 'x' })).toBeUndefined();
    expect(toRecordBody({ person: ' 张工 ', recordDate: dayjs('2026-05-02'), remark: ' ' })).toEqual({ person: '张工', recordDate: '2026-05-02', remark: '' });
  });
});
