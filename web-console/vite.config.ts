/// <reference types="vitest/config" />
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * antd's form context (imported by every input, checkbox and select, for the form item's
 * status) takes its FormProvider from rc-field-form's index, which keeps the whole form
 * engine and its validator (13.5 KB gz) in any bundle that shows an input, the sign-in
 * page's included. FormProvider is rc-field-form's own module: take it from there. antd's
 * Form itself still imports the index.
 */
function antdFormContextWithoutFormEngine(): Plugin {
  return {
    name: 'lumiscape:antd-form-context',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'rc-field-form' || !importer) return null;
      if (!/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true });
    },
  };
}

/** Unit tests that observe a first module load (what a module registers, what is cached yet). */
const FRESH_MODULES = ['src/i18n/i18n.test.ts', 'src/features/live/dispatchLive.test.ts'];

// The Rust edge serves the HTTP API under a configurable base path; in development the
// dev server forwards that prefix, unchanged, to a locally running `lumiscape run`.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const baseApi = env.VITE_APP_BASE_API || '/prod-api';
  return {
    plugins: [react(), antdFormContextWithoutFormEngine()],
    server: {
      host: '127.0.0.1',
      port: 5173,
      proxy: {
        [baseApi]: { target: 'http://127.0.0.1:8080', changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: the chunk graph scripts/check-budgets.mjs measures.
      manifest: true,
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // ECharts (and zrender) in a lazy chunk of its own, shared by the pages with
              // charts and loaded by them only; Leaflet likewise in 'maps', for the map
              // pages (scripts/check-budgets.mjs knows both names).
              { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
              // Leaflet only: a group takes its modules' dependencies with it, and react-leaflet
              // depends on React, which must stay in the entry's vendor chunk; react-leaflet
              // (a few KB) stays with the map page.
              { name: 'maps', test: /node_modules[\\/]leaflet[\\/]/, priority: 30 },
              // The world map of the data big screen (Natural Earth through world-atlas, and
              // topojson-client to read it): shipped, so the map needs no tile server.
              { name: 'worldmap', test: /node_modules[\\/](world-atlas|topojson-client)[\\/]/, priority: 30 },
              // What the entry needs before anything shows, in two chunks instead of a dozen
              // (about 5 KB gz less on the sign-in path): the libraries, which change seldom
              // and stay cached, and the console's own start-up code.
              { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 20 },
              { name: 'app', tags: ['$initial'], priority: 10 },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      css: false,
      maxWorkers: 2,
      // A guard against a hung test, not a speed target: the slowest page test takes 9 s
      // alone here (2026-11-30) and about three times that beside the Rust and browser lanes
      // of scripts/test on 2 cores, so 30 s was a flake waiting to happen.
      testTimeout: 60000,
      projects: [
        // The page tests share a worker's modules from file to file (isolate: false): antd,
        // React and the console are loaded and compiled once per worker, not once per file.
        // That halves the group (11 minutes to 5 here, 2026-11-28). Each test still renders
        // into a fresh store, router and DOM, and src/test/setup.ts resets what the console
        // keeps in modules (language, cookies, storage, settings, feedback, mocks).
        {
          extends: true,
          test: { name: 'pages', include: ['src/**/*.test.{ts,tsx}'], exclude: FRESH_MODULES, isolate: false },
        },
        // The tests of what happens when a module is first loaded, each file with its own.
        { extends: true, test: { name: 'fresh', include: FRESH_MODULES } },
      ],
    },
  };
});
