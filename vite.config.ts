import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

// The one web app manifest lives at the repository root; the PWA plugin emits it.
const manifest = JSON.parse(fs.readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * What every page (web/index.html, web/track.html) shares, written once here: the head tags put
 * first in each page's <head> (attributes only, no inline script: the CSP allows none), and the
 * element its app renders into, first in its <body>. A page keeps its own title, meta and entry script.
 */
function sharedHead(): Plugin {
  const tags: HtmlTagDescriptor[] = [
    { tag: 'meta', attrs: { charset: 'UTF-8' }, injectTo: 'head-prepend' },
    { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0, viewport-fit=cover' }, injectTo: 'head-prepend' },
    { tag: 'link', attrs: { rel: 'icon', type: 'image/png', href: '/favicon.png' }, injectTo: 'head-prepend' },
    { tag: 'div', attrs: { id: 'root' }, injectTo: 'body-prepend' },
  ];
  return {
    name: 'shipdesk:shared-head',
    transformIndexHtml: { order: 'pre', handler: () => tags },
  };
}

/**
 * The public tracking page is opened by customers on phones, often on slow
 * networks, from a link in an SMS: its HTML stands alone.
 * - no link to the seller app's web app manifest (the PWA plugin adds one to
 *   every page): nothing to install here, one request less;
 * - its stylesheet inlined (a few KB): no render-blocking request before the
 *   first paint. The CSS file stays emitted for the seller's layout preview.
 */
function trackingPage(): Plugin {
  return {
    name: 'shipdesk:tracking-page',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['track.html'];
      if (!page || page.type !== 'asset') return;
      let html = String(page.source);
      html = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        return css?.type === 'asset' ? `<style>${String(css.source).trim()}</style>` : tag;
      });
      page.source = html.replace(/\s*<link rel="manifest"[^>]*>/g, '');
    },
  };
}

/**
 * Gzip and Brotli copies of every text file of the build (`x.js.gz`, `x.js.br`),
 * which the server sends to browsers that accept them (serveStatic precompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'shipdesk:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const raw = fs.readFileSync(file);
          if (raw.length < 1024) continue;
          fs.writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
          fs.writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        }
      },
    },
  };
}

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
    sharedHead(),
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
    trackingPage(),
    precompress(),
  ],
});
