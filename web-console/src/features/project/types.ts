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

/** A home-page module of a project at its position (1 to 6). */
export interface ProjectModule {
  position: number;
  moduleCode: string;
}

/** A project with every field (GET /project/project/list, getInfoById). */
export interface Project {
  id: number;
  projectId: number;
  projectName: string;
  projectNumber: string;
  cityCode: string;
  cityName: string;
  projectUserName: string;
  phone: string;
  address: string;
  organization: string;
  status: string;
  acceptance: string;
  startTime: string;
  contractNumber: string;
  mapMode: string;
  mapLevel: number;
  longitude: number | null;
  latitude: number | null;
  menuLogo: string;
  menuLogoStatus: string;
  carouselPictures: string[];
  planPicture: string;
  modules: ProjectModule[];
  iotStateInterval: number;
  iotEnergyInterval: number;
  enabled: string;
  remark: string;
  createTime?: string | null;
}

/** The project list's filters and page. */
export interface ProjectQuery {
  projectName?: string;
  projectNumber?: string;
  cityName?: string;
  status?: string;
  enabled?: string;
  pageNum: number;
  pageSize: number;
}

/** POST /project/project body; PUT adds id. */
export type ProjectChange = Omit<Project, 'id' | 'projectId' | 'cityName' | 'enabled' | 'createTime'>;

/** A city a project can be in (GET /project/city/list). */
export interface City {
  cityCode: string;
  cityName: string;
  provinceCode: string;
  provinceName: string;
}

/** A project's announcement (GET /system/notice/list): RuoYi's notice with ours beside it. */
export interface Notice {
  noticeId: number;
  noticeTitle: string;
  noticeType: string;
  noticeContent: string;
  noticeImage: string;
  status: string;
  published: string;
  publishTime?: string | null;
  publishedBy?: string;
  remark: string;
  createBy: string;
  createTime?: string | null;
}

export interface NoticeQuery {
  noticeTitle?: string;
  noticeType?: string;
  createBy?: string;
  published?: string;
  pageNum: number;
  pageSize: number;
}

/** POST /system/notice body; PUT adds noticeId. */
export interface NoticeChange {
  noticeTitle: string;
  noticeType: string;
  noticeContent: string;
  noticeImage: string;
  status: string;
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

// ---- plan areas ----
/** A point on the plan picture: fractions (0 to 1) of its width and height. */
export interface PlanPoint {
  x: number;
  y: number;
}

/** A device placed on the plan, inside an area (POST /project/area/device). */
export interface DevicePlacement {
  areaId: number;
  /** 'gateway' (the device registry adds its kinds). */
  deviceType: string;
  deviceId: number;
  x: number;
  y: number;
  placedBy?: string;
  placedTime?: string | null;
}

/** An area or building drawn over the plan picture (GET /project/area/list). */
export interface PlanArea {
  areaId: number;
  areaName: string;
  /** '1' area, '2' building. */
  areaType: string;
  points: PlanPoint[];
  colour: string;
  orderNum: number;
  remark: string;
  devices: DevicePlacement[];
  updateBy?: string;
  updateTime?: string | null;
}

export interface AreaQuery {
  areaName?: string;
  areaType?: string;
  pageNum: number;
  pageSize: number;
}

/** POST /project/area body; PUT adds areaId. */
export interface AreaChange {
  areaName: string;
  areaType: string;
  points: PlanPoint[];
  colour: string;
  orderNum: number;
  remark: string;
}

/** Where the selected project sits (GET /project/location/{id}); the plan picture's path. */
export interface ProjectLocation {
  id: number;
  projectName: string;
  planPicture: string;
}

/** A node of the project's address tree (`getProjectAddressTree`): parentId 0 at the root. */
export interface AddressTreeNode {
  id: number;
  parentId: number;
  name: string;
  children?: AddressTreeNode[];
}
