import type { FormRule } from 'antd';
import { isCode, isValidPhone } from '../../lib/validators';
import type { TFunction } from 'i18next';

/** The server's limits of an address (contract: POST /project/address). */
export const ADDRESS_NAME_MAX = 50;
export const ADDRESS_REMARK_MAX = 200;
export const ADDRESS_ORDER_MIN = 0;
export const ADDRESS_ORDER_MAX = 9999;

/** An address name: not empty once trimmed, at most 50 characters. */
export function isAddressName(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = [...value.trim()].length;
  return length >= 1 && length <= ADDRESS_NAME_MAX;
}

/** A display order: a whole number from 0 to 9999. */
export function isAddressOrder(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= ADDRESS_ORDER_MIN && value <= ADDRESS_ORDER_MAX;
}

const check = (ok: (value: unknown) => boolean, message: string): FormRule => ({
  validator: (_rule, value: unknown) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** antd rules of the address form, messages in the current language. */
export function addressRules(t: TFunction) {
  return {
    addressName: [check(isAddressName, t('project.address.rules.name', { max: ADDRESS_NAME_MAX }))],
    orderNum: [check(isAddressOrder, t('project.address.rules.order', { min: ADDRESS_ORDER_MIN, max: ADDRESS_ORDER_MAX }))],
    remark: [{ max: ADDRESS_REMARK_MAX, message: t('project.address.rules.remark', { max: ADDRESS_REMARK_MAX }) }],
  };
}

/** The server's limits of a project (contract: POST /project/project). */
export const PROJECT_NAME_MAX = 100;
export const PROJECT_NUMBER_MAX = 50;
export const PROJECT_ADDRESS_MAX = 255;
export const PROJECT_TEXT_MAX = 50;
export const PROJECT_ORGANIZATION_MAX = 100;
export const PROJECT_REMARK_MAX = 500;
/** At most 6 modules per project, each at a position 1 to 6 (spec sections 5 and 9). */
export const MAX_MODULES = 6;
export const MAP_LEVEL_MIN = 3;
export const MAP_LEVEL_MAX = 18;
export const STATE_INTERVAL: readonly [number, number] = [10, 3600];
export const ENERGY_INTERVAL: readonly [number, number] = [60, 86_400];
export const MAX_CAROUSEL = 10;

/** What is wrong with a module list, or undefined: more than 6, a position repeated. */
export function moduleProblem(modules: readonly { position?: number; moduleCode?: string }[]): 'tooMany' | 'positionRepeated' | 'moduleRepeated' | undefined {
  if (modules.length > MAX_MODULES) return 'tooMany';
  const positions = modules.map((m) => m.position).filter((p) => p !== undefined);
  if (new Set(positions).size !== positions.length) return 'positionRepeated';
  const codes = modules.map((m) => m.moduleCode).filter((c) => c !== undefined && c !== '');
  if (new Set(codes).size !== codes.length) return 'moduleRepeated';
  return undefined;
}

const notBlank = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** antd rules of the project form, messages in the current language (the server's own rules). */
export function projectRules(t: TFunction) {
  return {
    projectName: [check(notBlank, t('project.info.rules.name')), { max: PROJECT_NAME_MAX, message: t('project.info.rules.max', { max: PROJECT_NAME_MAX }) }],
    projectNumber: [
      check(notBlank, t('project.info.rules.number')),
      check((value) => typeof value === 'string' && isCode(value.trim()), t('project.info.rules.numberChars')),
      { max: PROJECT_NUMBER_MAX, message: t('project.info.rules.max', { max: PROJECT_NUMBER_MAX }) },
    ],
    address: [check(notBlank, t('project.info.rules.address')), { max: PROJECT_ADDRESS_MAX, message: t('project.info.rules.max', { max: PROJECT_ADDRESS_MAX }) }],
    phone: [check((value) => value === undefined || value === null || value === '' || (typeof value === 'string' && isValidPhone(value)), t('project.info.rules.phone'))],
    text: [{ max: PROJECT_TEXT_MAX, message: t('project.info.rules.max', { max: PROJECT_TEXT_MAX }) }],
    organization: [{ max: PROJECT_ORGANIZATION_MAX, message: t('project.info.rules.max', { max: PROJECT_ORGANIZATION_MAX }) }],
    remark: [{ max: PROJECT_REMARK_MAX, message: t('project.info.rules.max', { max: PROJECT_REMARK_MAX }) }],
    location: [check((value) => value === undefined || value === null || typeof value === 'number', t('project.info.rules.location'))],
    modules: [
      {
        validator: (_rule: unknown, value: unknown) => {
          const problem = moduleProblem(Array.isArray(value) ? (value as { position?: number; moduleCode?: string }[]) : []);
          return problem ? Promise.reject(new Error(t(`project.info.rules.${problem}`))) : Promise.resolve();
        },
      },
    ],
  };
}

/** The server's limits of an announcement (contract: POST /system/notice). */
export const NOTICE_TITLE_MAX = 50;
export const NOTICE_CONTENT_MAX = 10_000;
export const NOTICE_REMARK_MAX = 255;

/** antd rules of the announcement form. */
export function noticeRules(t: TFunction) {
  return {
    noticeTitle: [check(notBlank, t('project.notice.rules.title')), { max: NOTICE_TITLE_MAX, message: t('project.info.rules.max', { max: NOTICE_TITLE_MAX }) }],
    noticeContent: [{ max: NOTICE_CONTENT_MAX, message: t('project.info.rules.max', { max: NOTICE_CONTENT_MAX }) }],
    remark: [{ max: NOTICE_REMARK_MAX, message: t('project.info.rules.max', { max: NOTICE_REMARK_MAX }) }],
  };
}

// ---- files ----
/** The server's limits of a file's edit and audit (contract: PUT /project/file, /project/file/audit). */
export const FILE_NAME_MAX = 100;
export const FILE_REMARK_MAX = 200;
/** The cutting state of a file being processed: it cannot be edited, audited or deleted. */
export const FILE_PROCESSING = '1';

/** A file name: not empty once trimmed, at most 100 characters. */
export function isFileName(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const length = [...value.trim()].length;
  return length >= 1 && length <= FILE_NAME_MAX;
}

/** An audit reason: required for no pass ('2'), at most 200 characters. */
export function isAuditReason(result: unknown, value: unknown): boolean {
  const reason = typeof value === 'string' ? value.trim() : '';
  return [...reason].length <= FILE_REMARK_MAX && (result !== '2' || reason.length > 0);
}

/** Whether a file is being processed (spec section 5: it cannot be edited). */
export const isProcessing = (file: { processStatus: string }) => file.processStatus === FILE_PROCESSING;

/** antd rules of the file forms, messages in the current language. */
export function fileRules(t: TFunction) {
  return {
    fileName: [check(isFileName, t('project.file.rules.name', { max: FILE_NAME_MAX }))],
    remark: [{ max: FILE_REMARK_MAX, message: t('project.file.rules.remark', { max: FILE_REMARK_MAX }) }],
  };
}
// ---- end files ----

// ---- plan areas ----
/** The server's limits of a plan area (contract: POST /project/area). */
export const AREA_NAME_MAX = 30;
export const AREA_MIN_POINTS = 3;
export const AREA_MAX_POINTS = 100;

/** A plan holds at most 200 areas: the plan views read them in one page. */
export const AREA_PLAN_PAGE = 200;
