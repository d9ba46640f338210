/** An address of the selected project (GET /project/address/list, /project/address/{id}). */
export interface Address {
  addressId: number;
  parentId: number;
  ancestors: string;
  addressName: string;
  orderNum: number;
  remark: string;
  hasChildren?: boolean;
  createTime?: string | null;
}

/** The address list's filters. */
export interface AddressFilter {
  addressName?: string;
}

/** The address list's query: the filters, and the page of the tree's top-level rows. */
export interface AddressQuery extends AddressFilter {
  pageNum: number;
  pageSize: number;
}

/** POST /project/address body; PUT adds addressId. */
export interface AddressChange {
  parentId: number;
  addressName: string;
  orderNum: number;
  remark: string;
}

// ---- files ----
/** A file of the selected project (GET /project/file/list, /project/file/{id}). */
export interface ProjectFile {
  fileId: number;
  fileName: string;
  originalName: string;
  /** The stored path below the file-server base path. */
  path: string;
  /** '1' image, '2' document, '3' media. */
  fileType: string;
  extension: string;
  contentType: string;
  size: number;
  /** '0' not reviewed, '1' pass, '2' no pass. */
  auditStatus: string;
  auditReason: string;
  auditBy: string;
  auditTime?: string | null;
  /** Cutting: '0' uncut, '1' in progress (being processed), '2' completed, '3' failed. */
  processStatus: string;
  remark: string;
  createBy: string;
  createTime?: string | null;
}

/** The file list's query. */
export interface FileQuery {
  pageNum: number;
  pageSize: number;
  fileName?: string;
  fileType?: string;
  auditStatus?: string;
}

/** PUT /project/file body. */
export interface FileChange {
  fileId: number;
  fileName: string;
  remark: string;
}

/** PUT /project/file/audit body. */
export interface FileAudit {
  fileId: number;
  auditStatus: '1' | '2';
  auditReason: string;
}
// ---- end files ----
