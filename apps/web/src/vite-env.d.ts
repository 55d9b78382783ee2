/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
}
