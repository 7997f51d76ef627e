// Service worker of the public tracking page (scope /track/), built to
// /track-sw.js. Tiny on purpose: a customer on a cheap phone should not download
// the seller app to track a parcel. It keeps the page shell and its hashed
// assets so a recently viewed AWB reopens offline; the answers themselves are
// cached by the page (localStorage), not here.

type ExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(r: Response | Promise<Response>): void };
const sw = self as unknown as {
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};

const CACHE = 'sd-track-v1';
const SHELL = '/track/__shell__';

/** The shell and every asset it names (script, modulepreload, stylesheet). */
async function cacheShell(): Promise<void> {
  const cache = await caches.open(CACHE);
  const res = await fetch(SHELL, { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(SHELL, res);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll([...new Set(assets)]);
}

sw.addEventListener('install', (e) => {
  e.waitUntil(cacheShell().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('sd-track-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  if (req.mode === 'navigate' && url.pathname.startsWith('/track/')) {
    // Network first: a new deploy shows at once; offline, the kept shell.
    e.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((c) => c.put(SHELL, copy));
          }
          return res;
        })
        .catch(async () => (await caches.match(SHELL)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change: the cache first, the network fills it.
    e.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ??
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});
