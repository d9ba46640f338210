import { consoleBackend } from '../../test/backend';
import { signInWithProject } from '../../test/session';
import type { MockResponse } from '../../test/fetchMock';
import type { Asset, AssetRecord, AssetType } from './types';

/* Test data of the asset screen, shaped as the edge answers (docs/asset-api.md), and its demo backend. */

export const ok = (body: Record<string, unknown> = {}): MockResponse => ({ body: { code: 200, msg: '操作成功', ...body } });

const dict = (items: string[][]) => items.map(([dictValue, dictLabelZh, dictLabelEn]) => ({ dictValue, dictLabel: dictLabelZh, dictLabelZh, dictLabelEn }));

export const assetStatuses = dict([
  ['0', '闲置', 'Idle'],
  ['1', '在用', 'In use'],
  ['2', '维修中', 'Under repair'],
  ['3', '已报废', 'Scrapped'],
]);
export const recordTypes = dict([
  ['1', '领用', 'Receive'],
  ['2', '归还', 'Return'],
  ['3', '维修', 'Repair'],
  ['4', '报废', 'Scrap'],
]);
export const attributeTypes = dict([
  ['1', '文本', 'Text'],
  ['2', '数字', 'Number'],
  ['3', '选项', 'Options'],
]);

/** The demo's lamp: a required light source (LED by default) and a power verified from 1 to 2000 W. */
export const lampType: AssetType = {
  typeId: 1,
  typeCode: 'LAMP',
  nameZh: '灯具',
  nameEn: 'Lamp',
  remark: '',
  assetCount: 4,
  createTime: '2026-05-01 09:00:00',
  attributes: [
    {
      attrCode: 'light_source',
      nameZh: '光源',
      nameEn: 'Light source',
      valueType: '3',
      defaultValue: 'LED',
      multiple: false,
      required: true,
      verify: false,
      min: null,
      max: null,
      options: [
        { value: 'LED', labelZh: 'LED', labelEn: 'LED', isDefault: true },
        { value: 'HPS', labelZh: '高压钠灯', labelEn: 'High-pressure sodium', isDefault: false },
      ],
    },
    {
      attrCode: 'power_w',
      nameZh: '功率(W)',
      nameEn: 'Power (W)',
      valueType: '2',
      defaultValue: '',
      multiple: false,
      required: true,
      verify: true,
      min: 1,
      max: 2000,
      options: [],
    },
  ],
};

/** A type with a multiple options attribute and an optional text. */
export const poleType: AssetType = {
  typeId: 3,
  typeCode: 'POLE',
  nameZh: '灯杆',
  nameEn: 'Pole',
  remark: '',
  assetCount: 0,
  createTime: '2026-05-01 09:00:00',
  attributes: [
    {
      attrCode: 'mounts',
      nameZh: '挂载设备',
      nameEn: 'Mounted devices',
      valueType: '3',
      defaultValue: 'CAM',
      multiple: true,
      required: false,
      verify: false,
      min: null,
      max: null,
      options: [
        { value: 'CAM', labelZh: '摄像头', labelEn: 'Camera', isDefault: true },
        { value: 'SPK', labelZh: '音箱', labelEn: 'Speaker', isDefault: false },
      ],
    },
    {
      attrCode: 'material',
      nameZh: '材质',
      nameEn: 'Material',
      valueType: '1',
      defaultValue: '钢',
      multiple: false,
      required: false,
      verify: false,
      min: null,
      max: null,
      options: [],
    },
  ],
};

export const cabinetType: AssetType = {
  typeId: 2,
  typeCode: 'CABINET',
  nameZh: '配电柜',
  nameEn: 'Cabinet',
  remark: '户外配电柜',
  assetCount: 2,
  createTime: '2026-05-01 09:00:00',
  attributes: [],
};

export const assetTypes = [lampType, cabinetType, poleType];

const asset = (fields: Partial<Asset> & Pick<Asset, 'assetId' | 'assetCode' | 'assetName' | 'status'>): Asset => ({
  typeId: 1,
  typeNameZh: '灯具',
  typeNameEn: 'Lamp',
  expireDate: null,
  model: 'FL-150',
  brand: '明亮',
  address: '滨江公园',
  supplier: '明亮照明工程有限公司',
  initialValue: '1200.00',
  residualRate: '5.00',
  netValue: '874.00',
  startDate: '2024-03-15',
  limitMonths: 60,
  image: '',
  attachment: '',
  attributes: [
    { attrCode: 'light_source', value: 'LED' },
    { attrCode: 'power_w', value: '150' },
  ],
  createTime: '2026-05-01 09:00:00',
  ...fields,
});

/** Idle: it may be received. */
export const idleLamp = asset({ assetId: 11, assetCode: 'ZC-0003', assetName: '观景平台洗墙灯', status: '0', expireDate: '2030-06-01' });
/** In use (received). */
export const usedLamp = asset({ assetId: 12, assetCode: 'ZC-0001', assetName: '滨江步道投光灯', status: '1' });
/** Scrapped. */
export const scrappedCabinet = asset({
  assetId: 16,
  assetCode: 'ZC-0006',
  assetName: '2号配电柜',
  status: '3',
  typeId: 2,
  typeNameZh: '配电柜',
  typeNameEn: 'Cabinet',
  initialValue: '18500.00',
  netValue: '15026.04',
  limitMonths: 120,
  attributes: [],
});

export const assets = [idleLamp, usedLamp, scrappedCabinet];

/** An effective receive of ZC-0001: it may be returned. */
export const receiveRecord: AssetRecord = {
  recordId: 31,
  recordType: '1',
  person: '张工',
  recordDate: '2026-05-02',
  remark: '滨江步道夜间照明',
  status: '0',
  sourceId: null,
  items: [{ assetId: 12, assetCode: 'ZC-0001', assetName: '滨江步道投光灯', prevStatus: '0' }],
  createdBy: 'admin',
  createTime: '2026-05-02 10:00:00',
};

/** An effective scrap of ZC-0006: it may be cancelled. */
export const scrapRecord: AssetRecord = {
  recordId: 33,
  recordType: '4',
  person: '王工',
  recordDate: '2026-05-03',
  remark: '柜体锈蚀，已更换',
  status: '0',
  sourceId: null,
  items: [{ assetId: 16, assetCode: 'ZC-0006', assetName: '2号配电柜', prevStatus: '0' }],
  createdBy: 'admin',
  createTime: '2026-05-03 10:00:00',
};

/** A receive already returned, and its return: neither takes an action. */
export const returnedRecord: AssetRecord = { ...receiveRecord, recordId: 34, status: '1', remark: '春节亮灯', items: [{ ...receiveRecord.items[0]!, assetId: 13, assetCode: 'ZC-0002' }] };
export const returnRecord: AssetRecord = { ...returnedRecord, recordId: 35, recordType: '2', status: '0', sourceId: 34, remark: '' };

export const assetRecords = [returnRecord, returnedRecord, scrapRecord, receiveRecord];

/**
 * Signed in with `permissions` in the demo's first project: the session's cookies (the client
 * sends the token and the project from them) and the store's state (the page is rendered alone).
 */
export function signedIn(permissions: string[] = ['*:*:*']) {
  signInWithProject();
  return {
    preloadedState: {
      auth: {
        token: 'jwt-1',
        user: null,
        roles: ['ROLE_DEFAULT'],
        permissions,
        defaultMenu: '',
        menuModule: '3',
        projectId: '1',
        projectName: '滨江景观照明示范项目',
      },
    },
  };
}

/** The demo backend of the asset screen's tests; routes can be replaced. */
export function assetBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/dict/data/type/asset_status': ok({ data: assetStatuses }),
    'GET /system/dict/data/type/asset_record_type': ok({ data: recordTypes }),
    'GET /system/dict/data/type/asset_attribute_type': ok({ data: attributeTypes }),
    'GET /operation/asset/type/list': ok({ rows: assetTypes, total: assetTypes.length }),
    'GET /operation/asset/type/1': ok({ data: lampType }),
    'GET /operation/asset/type/3': ok({ data: poleType }),
    'GET /operation/asset/list': ok({ rows: assets, total: assets.length }),
    'GET /operation/asset/11': ok({ data: idleLamp }),
    'GET /operation/asset/12': ok({ data: usedLamp }),
    'GET /operation/asset/record/list': ok({ rows: assetRecords, total: assetRecords.length }),
    ...overrides,
  });
}
