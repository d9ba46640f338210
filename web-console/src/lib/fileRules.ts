/** Upload file rules of spec section 5. */

export type FileRuleName = 'firmware' | 'lightingChart' | 'nodeSoftware' | 'backupImport' | 'userImport';

export interface FileRule {
  /** Allowed extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** Largest size in bytes, when limited. */
  maxBytes?: number;
}

export const FILE_RULES: Readonly<Record<FileRuleName, FileRule>> = {
  /** Firmware: bin only, at most 500 KB. */
  firmware: { extensions: ['bin'], maxBytes: 500 * 1024 },
  /** Lighting chart core master: bin only. */
  lightingChart: { extensions: ['bin'] },
  /** Node software: bin or lpx. */
  nodeSoftware: { extensions: ['bin', 'lpx'] },
  /** Backup import: sql only. */
  backupImport: { extensions: ['sql'] },
  /** User import: xls or xlsx. */
  userImport: { extensions: ['xls', 'xlsx'] },
};

export type FileProblem = { kind: 'type'; extensions: readonly string[] } | { kind: 'size'; maxBytes: number };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a file breaks a rule, or undefined when it is acceptable. */
export function checkFile(file: { name: string; size: number }, rule: FileRule): FileProblem | undefined {
  if (!rule.extensions.includes(extensionOf(file.name))) return { kind: 'type', extensions: rule.extensions };
  if (rule.maxBytes !== undefined && file.size > rule.maxBytes) return { kind: 'size', maxBytes: rule.maxBytes };
  return undefined;
}
