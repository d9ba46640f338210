import { describe, expect, it } from 'vitest';

/**
 * How the modules under src/features are put together (README.md, "Modules"): from outside a
 * module, only its root files are reached (api.ts, types.ts, rules.ts, its slice, its hooks),
 * and its pages through a lazy import; its page folders, shared/ and i18n/ are its own.
 */
const sources = import.meta.glob<string>('../**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' });

interface Import {
  from: string;
  to: string;
  lazy: boolean;
}

/** `a/b/../c` → `a/c`, paths relative to src. */
function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const imports: Import[] = Object.entries(sources).flatMap(([path, text]) => {
  const from = path.slice('../'.length);
  const found: Import[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const specifier = match[1] ?? '';
    found.push({ from, to: resolve(from, specifier), lazy: match[0].includes('(') });
  }
  return found;
});

/** The module a path belongs to, and where inside it: `features/alarm/type/x` → alarm, ['type', 'x']. */
function place(path: string): { module?: string; inside: string[] } {
  const [top, module, ...inside] = path.split('/');
  return top === 'features' && module ? { module, inside } : { inside: [] };
}

describe('feature modules', () => {
  it("are read with the console's imports, static and lazy", () => {
    expect(imports).toContainEqual({ from: 'app/router.tsx', to: 'features/auth/login/LoginPage', lazy: true });
    expect(imports).toContainEqual({ from: 'layout/TopBar.tsx', to: 'features/auth/authSlice', lazy: false });
  });

  it('are reached from outside through their root files, their pages through lazy imports', () => {
    const intrusions = imports.filter(({ from, to, lazy }) => {
      const target = place(to);
      if (!target.module || place(from).module === target.module) return false;
      if (target.inside.length <= 1) return false;
      const page = /Page(\.tsx)?$/.test(target.inside.at(-1) ?? '');
      return !(lazy && page);
    });
    expect(intrusions.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it('do not import the lazy page registry (page props come from routes/pageProps.ts)', () => {
    const registryUsers = imports.filter(({ from, to }) => place(from).module && to === 'routes/registry');
    expect(registryUsers.map(({ from }) => from)).toEqual([]);
  });

  it('keep their pages in page folders, except modules that are one page of the shell', () => {
    const singlePageModules = ['dataScreen', 'demo', 'errors', 'home', 'mainPage', 'notAvailable'];
    const rootPages = Object.keys(sources)
      .map((path) => place(path.slice('../'.length)))
      .filter(({ module, inside }) => module && !singlePageModules.includes(module) && inside.length === 1 && /Page\.tsx$/.test(inside[0] ?? ''));
    expect(rootPages).toEqual([]);
  });
});
