/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** Backend origin for /api (https, or the page origin). Empty: same origin. */
  readonly VITE_SERVER_ORIGIN?: string;
}
