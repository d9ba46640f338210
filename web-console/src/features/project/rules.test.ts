import { describe, expect, it } from 'vitest';
import { chooseProject, NO_PROJECT } from './choice';
import { moduleProblem } from './rules';

const dropList = [
  { id: 1, projectName: '滨江景观照明示范项目' },
  { id: 2, projectName: '城市天际线亮化工程' },
];

describe('the project after sign-in', () => {
  it('keeps the remembered project while the user may still see it, with its current name', () => {
    expect(chooseProject('2', dropList)).toEqual({ id: '2', name: '城市天际线亮化工程' });
    expect(chooseProject('1', [{ id: '1', projectName: '改名后的项目' }])).toEqual({ id: '1', name: '改名后的项目' });
  });

  it('takes the first of the drop list when the remembered project is no longer allowed', () => {
    expect(chooseProject('7', dropList)).toEqual({ id: '1', name: '滨江景观照明示范项目' });
  });

  it('takes the first of the drop list when none is remembered', () => {
    expect(chooseProject(undefined, dropList)).toEqual({ id: '1', name: '滨江景观照明示范项目' });
  });

  it('is none (-1 in the cookie, an empty name) for a user without projects', () => {
    expect(chooseProject(undefined, [])).toEqual(NO_PROJECT);
    expect(chooseProject('1', [])).toEqual({ id: undefined, name: '' });
  });
});

describe('project module lists', () => {
  it('at most 6, positions and modules not repeated (spec section 5)', () => {
    const six = [1, 2, 3, 4, 5, 6].map((position) => ({ position, moduleCode: `m${position}` }));
    expect(moduleProblem(six)).toBeUndefined();
    expect(moduleProblem([...six, { position: 1, moduleCode: 'x' }])).toBe('tooMany');
    expect(moduleProblem([{ position: 1, moduleCode: 'a' }, { position: 1, moduleCode: 'b' }])).toBe('positionRepeated');
    expect(moduleProblem([{ position: 1, moduleCode: 'a' }, { position: 2, moduleCode: 'a' }])).toBe('moduleRepeated');
    expect(moduleProblem([{ position: 1 }, { position: 2 }])).toBeUndefined();
  });
});

// ---- files ----
describe('file rules', () => {
  it('a name is 1 to 100 characters once trimmed', async () => {
    const { isFileName, FILE_NAME_MAX } = await import('./rules');
    expect(isFileName(' 平面图.png ')).toBe(true);
    expect(isFileName('  ')).toBe(false);
    expect(isFileName('名'.repeat(FILE_NAME_MAX))).toBe(true);
    expect(isFileName('名'.repeat(FILE_NAME_MAX + 1))).toBe(false);
    expect(isFileName(undefined)).toBe(false);
  });

  it('a no-pass audit needs a reason; a pass does not', async () => {
    const { isAuditReason, isProcessing } = await import('./rules');
    expect(isAuditReason('1', '')).toBe(true);
    expect(isAuditReason('2', ' ')).toBe(false);
    expect(isAuditReason('2', '画面模糊')).toBe(true);
    expect(isAuditReason('1', 'r'.repeat(201))).toBe(false);
    expect(isProcessing({ processStatus: '1' })).toBe(true);
    expect(isProcessing({ processStatus: '2' })).toBe(false);
  });
});
