/** The page's own small service worker (scope /track/): lets a viewed page reopen offline. */
export function registerTrackingServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/track-sw.js', { scope: '/track/' }).catch(() => {
      // no offline reload; the page works online as before
    });
  });
}
