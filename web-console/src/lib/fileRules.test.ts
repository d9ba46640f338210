import { describe, expect, it } from 'vitest';
import { checkFile, extensionOf, FILE_RULES } from './fileRules';

const file = (name: string, size = 1024) => ({ name, size });

describe('upload file rules', () => {
  it('reads the extension in lower case', () => {
    expect(extensionOf('FW.BIN')).toBe('bin');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });

  it('firmware: bin only, at most 500 KB', () => {
    expect(checkFile(file('gw.bin', 500 * 1024), FILE_RULES.firmware)).toBeUndefined();
    expect(checkFile(file('gw.bin', 500 * 1024 + 1), FILE_RULES.firmware)).toEqual({ kind: 'size', maxBytes: 512000 });
    expect(checkFile(file('gw.hex'), FILE_RULES.firmware)).toMatchObject({ kind: 'type' });
  });

  it('lighting chart core master: bin only; node software: bin or lpx', () => {
    expect(checkFile(file('core.bin', 5_000_000), FILE_RULES.lightingChart)).toBeUndefined();
    expect(checkFile(file('core.lpx'), FILE_RULES.lightingChart)).toMatchObject({ kind: 'type' });
    expect(checkFile(file('node.lpx'), FILE_RULES.nodeSoftware)).toBeUndefined();
    expect(checkFile(file('node.BIN'), FILE_RULES.nodeSoftware)).toBeUndefined();
    expect(checkFile(file('node.zip'), FILE_RULES.nodeSoftware)).toMatchObject({ kind: 'type' });
  });

  it('backup import: sql only; user import: xls or xlsx', () => {
    expect(checkFile(file('dump.sql'), FILE_RULES.backupImport)).toBeUndefined();
    expect(checkFile(file('dump.sql.gz'), FILE_RULES.backupImport)).toMatchObject({ kind: 'type' });
    expect(checkFile(file('users.xls'), FILE_RULES.userImport)).toBeUndefined();
    expect(checkFile(file('users.xlsx'), FILE_RULES.userImport)).toBeUndefined();
    expect(checkFile(file('users.csv'), FILE_RULES.userImport)).toEqual({ kind: 'type', extensions: ['xls', 'xlsx'] });
  });
});
