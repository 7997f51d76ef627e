import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

// The one web app manifest lives at the repository root; the PWA plugin emits it.
const manifest = JSON.parse(fs.readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The public tracking page is its own small entry (no Mantine, router or react-query),
      // with its own service worker at a fixed name.
      input: {
        index: fromRoot('./web/index.html'),
        track: fromRoot('./web/track.html'),
        'track-sw': fromRoot('./web/features/tracking/track-sw.ts'),
      },
      output: { entryFileNames: (chunk) => (chunk.name === 'track-sw' ? 'track-sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: { proxy: { '/api': apiTarget } },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './routes', generatedRouteTree: './routeTree.gen.ts' }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.png', 'icons/*.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        // /track/* is served by the server as track.html, and has its own service worker.
        navigateFallbackDenylist: [/^\/api\//, /^\/track(\/|$)/],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
