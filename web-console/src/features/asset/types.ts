/* The asset screen's wire shapes (docs/asset-api.md). Dates are YYYY-MM-DD; money and rates are decimal texts. */

/** Dictionary asset_status: "0" idle, "1" in use, "2" under repair, "3" scrapped. */
export type AssetStatus = '0' | '1' | '2' | '3';
/** Dictionary asset_record_type: "1" receive, "2" return, "3" repair, "4" scrap. */
export type AssetRecordType = '1' | '2' | '3' | '4';
/** Dictionary asset_attribute_type: "1" text, "2" number, "3" options. */
export type AttributeValueType = '1' | '2' | '3';

/** A sub-option of an options attribute. */
export interface AssetOption {
  value: string;
  labelZh: string;
  labelEn: string;
  isDefault: boolean;
}

/** An attribute of an asset type: what each asset of the type records besides its own fields. */
export interface AssetAttribute {
  attrCode: string;
  nameZh: string;
  nameEn: string;
  valueType: string;
  /** A text or number attribute's default; an options attribute's is its default sub-option's value. */
  defaultValue: string;
  /** Several options may be chosen (options only). */
  multiple: boolean;
  required: boolean;
  /** A number within [min, max]. */
  verify: boolean;
  min: number | null;
  max: number | null;
  options: AssetOption[];
}

export interface AssetType {
  typeId: number;
  typeCode: string;
  nameZh: string;
  nameEn: string;
  remark: string;
  assetCount: number;
  createTime: string | null;
  attributes: AssetAttribute[];
}

/** POST /operation/asset/type (no typeId) or PUT (with it). */
export interface AssetTypeChange {
  typeId?: number;
  typeCode: string;
  nameZh: string;
  nameEn: string;
  remark: string;
  attributes: AssetAttribute[];
}

/** An asset's value of one of its type's attributes (several options joined with ','). */
export interface AssetValue {
  attrCode: string;
  value: string;
}

export interface Asset {
  assetId: number;
  assetCode: string;
  assetName: string;
  typeId: number;
  typeNameZh: string;
  typeNameEn: string;
  status: string;
  expireDate: string | null;
  model: string;
  brand: string;
  address: string;
  supplier: string;
  initialValue: string;
  residualRate: string;
  /** Computed at every read: straight-line depreciation over the limit, whole months. */
  netValue: string;
  startDate: string;
  limitMonths: number;
  image: string;
  attachment: string;
  attributes: AssetValue[];
  createTime: string | null;
}

/** POST /operation/asset (no assetId) or PUT (with it); the status is the records'. */
export interface AssetChange {
  assetId?: number;
  assetCode: string;
  assetName: string;
  typeId: number;
  expireDate: string;
  model: string;
  brand: string;
  address: string;
  supplier: string;
  initialValue: string;
  residualRate: string;
  startDate: string;
  limitMonths: number;
  image: string;
  attachment: string;
  attributes: AssetValue[];
}

/** An asset of a record, with the status it had before. */
export interface AssetRecordItem {
  assetId: number;
  assetCode: string;
  assetName: string;
  prevStatus: string;
}

export interface AssetRecord {
  recordId: number;
  recordType: string;
  person: string;
  recordDate: string;
  remark: string;
  /** "0" effective; "1" cancelled (a scrap) or returned (a receive or repair record). */
  status: string;
  /** A return's receive or repair record. */
  sourceId: number | null;
  items: AssetRecordItem[];
  createdBy: string;
  createTime: string | null;
}

/** The records the asset list's batch buttons make. */
export type AssetAction = 'receive' | 'repair' | 'scrap';

/** POST /operation/asset/record/{receive|repair|scrap}: at least one asset. */
export interface AssetRecordChange {
  assetIds: number[];
  person: string;
  recordDate: string;
  remark: string;
}

/** POST /operation/asset/record/return: one effective receive or repair record. */
export interface AssetReturnChange {
  recordId: number;
  person: string;
  recordDate: string;
  remark: string;
}

export interface AssetTypeQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** `keyword`: the code or name contains. */
export interface AssetQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  typeId?: number;
  status?: string;
}

/** `keyword`: the person or remark contains. */
export interface AssetRecordQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  recordType?: string;
}

/** A row the import refused: its row number in the sheet, its code, why. */
export interface AssetImportFailure {
  row: number;
  assetCode: string;
  msg: string;
}

/** What an import answered: its msg, and the refused rows (none when everything was imported). */
export interface AssetImportOutcome {
  msg: string;
  failures: AssetImportFailure[];
}
