#!/usr/bin/env node
// Console size budgets (issue 17), from the production build: run after `npm run build`.
//
//   node scripts/check-budgets.mjs [distDir]
//
// Reads Vite's manifest (dist/.vite/manifest.json) and adds up the gzipped JavaScript
//   - signin: the entry and its static imports, and the sign-in page's chunk with its static
//     imports (what /login downloads before it shows; nothing else is loaded there). The entry
//     shows that page itself on a first visit (src/main.tsx): the router comes with the submit;
//   - home: everything the browser has loaded once the home page (/index) shows after a
//     sign-in in Chinese (the default language): the sign-in path, the code the sign-in
//     submit loads, the main layout with the store, the home page, antd's and dayjs's
//     Chinese locale, and what the layout loads as soon as it mounts. Code loaded at run time
//     is listed below by hand (HOME): keep it in step with the layout;
//   - the largest lazy chunk: every chunk not loaded by the entry itself, except the shared
//     lazy library chunks (ECharts with zrender, Leaflet in 'maps', the big screen's world map in 'worldmap'), which only the pages using them
//     load and which are reported on their own line.
// A chunk counts once however many routes or chunks import it; sizes are gzip level 6 of
// the emitted file, KB of 1024 bytes (as scripts/bench-console.mjs measures in a browser).
//
// The last line is `console budgets: signin <N> KB gz (max 150), home <M> KB gz (max 350),
// largest lazy chunk <name> <K> KB gz (max 100)`; the exit status is 1 when a figure is over
// its budget, 2 when the build output is missing or does not match what is expected here.
// Limits: LUMISCAPE_BUDGET_SIGNIN_KB, LUMISCAPE_BUDGET_HOME_KB, LUMISCAPE_BUDGET_LAZY_KB (KB);
// LUMISCAPE_BUDGET_VERBOSE=1 lists the chunks of each route and the largest lazy ones.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = resolve(ROOT, process.argv[2] ?? 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const ROUTER = join(ROOT, 'src', 'app', 'router.tsx');

function limit(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) fail(`${name}=${raw} is not a positive number of KB`);
  return value;
}

function fail(message) {
  console.error(`console budgets: ${message}`);
  process.exit(2);
}

const LIMITS = {
  signin: limit('LUMISCAPE_BUDGET_SIGNIN_KB', 150),
  home: limit('LUMISCAPE_BUDGET_HOME_KB', 350),
  lazy: limit('LUMISCAPE_BUDGET_LAZY_KB', 100),
};

/**
 * Shared lazy library chunks, exempt from the per-chunk budget: the chunks of the groups of
 * those names in vite.config.ts (build.rolldownOptions.output.codeSplitting.groups).
 */
const SHARED_LAZY_LIBRARIES = ['echarts', 'maps', 'worldmap'];

if (!existsSync(MANIFEST)) fail(`no ${MANIFEST}: build first (npm run build, with build.manifest on)`);
/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

/**
 * The module a route of the router loads lazily: `path: '<path>', lazy: <wrapper>(() =>
 * import('<module>'))`. The sign-in and home pages are found there, not named twice.
 */
function routeModule(source, path) {
  const pattern = new RegExp(`path:\\s*'${path}',\\s*lazy:\\s*\\w+\\(\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`);
  const match = pattern.exec(source);
  if (!match) fail(`no lazy route '${path}' in ${ROUTER}`);
  return match[1];
}

/** The layout route: the pathless route whose children are the layout's pages. */
function layoutModule(source) {
  const match = /\{\s*lazy:\s*\w+\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*\),\s*children:/.exec(source);
  if (!match) fail(`no layout route (pathless, with children) in ${ROUTER}`);
  return match[1];
}

/** Manifest key of a source module given relative to a file under src/ (or a bare package). */
function keyOf(from, specifier) {
  if (specifier.startsWith('.')) {
    const base = join(dirname(from), specifier).slice(ROOT.length + 1).replaceAll('\\', '/');
    const key = ['.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find((candidate) => manifest[candidate]);
    if (key) return key;
    // Not an entry of its own (other chunks import it statically too): the chunk holding it,
    // among those the importer loads dynamically, by the chunk's name.
    // The importer may itself be inside a chunk named otherwise: then any chunk's.
    const importer = Object.keys(manifest).find((candidate) => from.endsWith(candidate));
    const name = base.split('/').pop();
    const importers = importer ? [importer] : Object.keys(manifest);
    const dynamic = new Set(importers.flatMap((key) => manifest[key].dynamicImports ?? []));
    const held = [...dynamic].filter((chunk) => manifest[chunk]?.name === name);
    if (held.length !== 1) fail(`${base} (imported by ${from}) is not a chunk the manifest names`);
    return held[0];
  }
  return keyMatching(new RegExp(`node_modules/${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\.[cm]?js|/index\\.js)$`));
}

function keyMatching(pattern) {
  const key = Object.keys(manifest).find((candidate) => pattern.test(candidate));
  if (!key) fail(`no chunk in the manifest for ${pattern}`);
  return key;
}

const routerSource = readFileSync(ROUTER, 'utf8');
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) fail('no entry in the manifest');
const inSrc = (path) => join(ROOT, 'src', path);

// A first visit to /login: the entry shows the sign-in page before the router is loaded.
const SIGNIN = [entry, keyOf(inSrc('main.tsx'), './features/auth/login/StandaloneLoginPage')];
const HOME = [
  ...SIGNIN,
  // Loaded by the sign-in submit (LoginForm's loadSessionCode and preloadLayoutCode,
  // main.tsx's router) and the layout route.
  keyOf(inSrc('main.tsx'), './app/storeInstance'),
  keyOf(inSrc('main.tsx'), './app/routerRoot'),
  keyOf(ROUTER, './StoreProvider'),
  keyOf(inSrc('features/auth/login/LoginForm.tsx'), '../session'),
  keyOf(ROUTER, layoutModule(routerSource)),
  keyOf(ROUTER, routeModule(routerSource, 'index')),
  // antd's and dayjs's texts of the language in use (src/app/antdLocale.ts).
  keyOf(ROOT, 'antd/locale/zh_CN'),
  keyOf(ROOT, 'dayjs/locale/zh-cn'),
  // Mounted by the layout at once: the live event stream (TopBar). antd's message, modal and
  // notification host (src/app/FeedbackHost.tsx) is not: it comes with the first message.
  keyOf(inSrc('layout/TopBar.tsx'), '../features/live/LiveStream'),
];

/** The chunks a module loads before it runs: itself and its static imports, transitively. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) fail(`manifest has no ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gzipCache = new Map();
function gzipBytes(key) {
  const file = manifest[key].file;
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 6 }).length);
  return gzipCache.get(file);
}

const isJs = (key) => /\.[cm]?js$/.test(manifest[key].file);
const total = (keys) => [...keys].filter(isJs).reduce((sum, key) => sum + gzipBytes(key), 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const label = (key) => manifest[key].src ?? manifest[key].name ?? manifest[key].file;

const signin = closure(SIGNIN);
const home = closure(HOME);
const eager = closure([entry]);

/** A chunk is a shared library chunk when a group of that name made it. */
function sharedLibrary(key) {
  return !manifest[key].src && SHARED_LAZY_LIBRARIES.includes(manifest[key].name ?? '');
}

const lazy = Object.keys(manifest).filter((key) => isJs(key) && !eager.has(key));
const pages = lazy.filter((key) => !sharedLibrary(key)).sort((a, b) => gzipBytes(b) - gzipBytes(a));
const libraries = lazy.filter(sharedLibrary).sort((a, b) => gzipBytes(b) - gzipBytes(a));

const verbose = process.env.LUMISCAPE_BUDGET_VERBOSE === '1';
if (verbose) {
  for (const [name, keys] of [
    ['signin', signin],
    ['home', home],
  ]) {
    console.log(`${name}:`);
    for (const key of [...keys].filter(isJs).sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
      console.log(`  ${kb(gzipBytes(key)).padStart(6)} KB  ${manifest[key].file}  (${label(key)})`);
    }
  }
  console.log('largest lazy chunks:');
  for (const key of pages.slice(0, 10)) console.log(`  ${kb(gzipBytes(key)).padStart(6)} KB  ${manifest[key].file}  (${label(key)})`);
}
for (const key of libraries) {
  console.log(`shared lazy library chunk ${manifest[key].file}: ${kb(gzipBytes(key))} KB gz (not counted as a page chunk)`);
}

const signinBytes = total(signin);
const homeBytes = total(home);
const largest = pages[0];
const largestBytes = largest ? gzipBytes(largest) : 0;
const largestName = largest ? manifest[largest].file.split('/').pop() : '(none)';

const over = [];
if (signinBytes > LIMITS.signin * 1024) over.push('signin');
if (homeBytes > LIMITS.home * 1024) over.push('home');
if (largestBytes > LIMITS.lazy * 1024) over.push('largest lazy chunk');

console.log(
  `console budgets: signin ${kb(signinBytes)} KB gz (max ${LIMITS.signin}), home ${kb(homeBytes)} KB gz (max ${LIMITS.home}), ` +
    `largest lazy chunk ${largestName} ${kb(largestBytes)} KB gz (max ${LIMITS.lazy})`,
);
if (over.length > 0) {
  console.error(`console budgets: over budget: ${over.join(', ')}`);
  process.exit(1);
}
