/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// The Rust edge serves the HTTP API under a configurable base path; in development the
// dev server forwards that prefix, unchanged, to a locally running `lumiscape run`.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const baseApi = env.VITE_APP_BASE_API || '/prod-api';
  return {
    plugins: [react()],
    server: {
      host: '127.0.0.1',
      port: 5173,
      proxy: {
        [baseApi]: { target: 'http://127.0.0.1:8080', changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      chunkSizeWarningLimit: 1200,
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      css: false,
      maxWorkers: 2,
      testTimeout: 30000,
    },
  };
});
