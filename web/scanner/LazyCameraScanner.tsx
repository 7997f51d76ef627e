import { lazy } from 'react';

/**
 * `CameraScanner` in its own chunk: the camera code (and ZXing, which it in
 * turn loads only when the browser has no BarcodeDetector) downloads the
 * first time a screen renders this. Wrap it in `<Suspense>`.
 */
export const LazyCameraScanner = lazy(() => import('./CameraScanner'));
