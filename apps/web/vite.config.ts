import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './build/chunk-modules';
import { firstScreenGroup } from './build/first-screen-group';
import { precompress } from './build/precompress';
import { prerenderLogin } from './build/prerender-login';
import { pwa } from './build/pwa';
import { routePreload } from './build/route-preload';
import { terminalHtml } from './build/terminal-html';

// The build's own plugins live in build/, one file each.
const api = process.env.API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), chunkModules(), terminalHtml(), routePreload(), prerenderLogin(), precompress(), pwa()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  // The manifest is the chunk graph scripts/check-bundle.mjs walks to enforce the size budgets.
  build: {
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: firstScreenGroup() }] } } },
  },
});
