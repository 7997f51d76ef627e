// `npm run routes`: writes web/routeTree.gen.ts (the typed route tree of web/routes/), which is
// generated, not committed. Run by `postinstall` (so `npm ci` on a fresh clone leaves a tree `tsc`
// accepts) and before the type check and the test suite; `vite build` and `vite` regenerate it too.
// It resolves vite.config.ts, whose router plugin generates the tree on `configResolved`: one set of
// router options, so this file equals what `vite build` writes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

if (!existsSync(new URL('../node_modules/vite/package.json', import.meta.url))) {
  // Installing without dev dependencies: no vite, no router plugin, and nothing here that needs the tree.
  console.log('gen-routes: vite is not installed, route tree not generated');
} else {
  const { resolveConfig } = await import('vite');
  await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'warn' }, 'build', 'production');
  if (!existsSync(new URL('../web/routeTree.gen.ts', import.meta.url))) {
    console.error('gen-routes: web/routeTree.gen.ts was not written');
    process.exit(1);
  }
}
