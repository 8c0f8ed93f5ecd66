import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { i18nPlugin } from './build/i18n-plugin';
import { pwaPlugins } from './build/pwa';

export default defineConfig({
  plugins: [react(), tailwindcss(), i18nPlugin(), pwaPlugins()],
  // The manifest lets tools/bench/web-bundle.bench.ts follow what /home loads.
  build: { target: 'es2022', sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/oidc': 'http://localhost:8080',
      '/graphql': 'http://localhost:8080',
    },
  },
});
