// Bundles the API server once into dist-server/ so that it runs on plain `node` (no TypeScript
// loader at run time): `npm start`, the browser suite and the load benches start it in about a
// second instead of compiling the app's TypeScript on every start.
// - dist-server/server.mjs: edge-api/server.ts and everything it imports from the repository;
//   packages from node_modules stay imports (`packages: 'external'`), so native ones (better-sqlite3)
//   load as they do under tsx.
// - dist-server/migrations/*.js: one file per db/migrations/*.ts, found by db/migrate.ts beside
//   the bundle (its folder is resolved from import.meta.url, which is the bundle's own).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const defaultOut = path.join(root, 'dist-server');

/** Builds the bundle into `out` (dist-server/ unless told otherwise) and returns the server's file. */
export async function buildServer(out = defaultOut) {
  fs.rmSync(out, { recursive: true, force: true });
  const common = { platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning', absWorkingDir: root };
  const migrations = fs.readdirSync(path.join(root, 'db/migrations')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  await Promise.all([
    build({ ...common, entryPoints: { server: 'edge-api/server.ts' }, bundle: true, outdir: out, outExtension: { '.js': '.mjs' } }),
    build({ ...common, entryPoints: migrations.map((f) => `db/migrations/${f}`), bundle: true, outdir: path.join(out, 'migrations') }),
  ]);
  // The migrations are ES modules (.js under a package.json that says so).
  fs.writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  return path.join(out, 'server.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await buildServer();
