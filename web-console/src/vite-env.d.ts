/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path of the HTTP API, '/prod-api' by default. */
  readonly VITE_APP_BASE_API?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
