// `npm start`: install what is missing, build the PWA and bundle the server, then serve web + /api on one port.
//
// Two modes, chosen by NODE_ENV:
// - demo (NODE_ENV unset or anything but production): data/app.db is migrated and,
//   on first run, seeded with demo companies, orders and the demo logins it prints;
// - production (NODE_ENV=production): nothing is seeded, no dependency is installed,
//   the web app is built only when dist/ is missing, and the server refuses to start
//   without a SIGNING_KEY of 32+ bytes, with demo users or with demo webhook secrets
//   (README.md, "Production"; `npm run setup` prepares the database).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureDeps } from './ensure-deps.mjs';

const production = process.env.NODE_ENV === 'production';
if (!production) ensureDeps();
// Imported once the dependencies are there: it imports esbuild, which a fresh clone does not have yet.
const { buildServer } = await import('./build-server.mjs');
if (process.env.SKIP_BUILD !== '1' && !(production && fs.existsSync('dist/index.html'))) {
  console.log('Building the web app…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
// The server runs from its bundle on plain node (scripts/build-server.mjs), built like the web app.
if (!fs.existsSync('dist-server/server.mjs') || (process.env.SKIP_BUILD !== '1' && !production)) await buildServer();
console.log(production ? 'Starting in production mode…' : 'Starting in demo mode (set NODE_ENV=production for a real install)…');
const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/server.mjs'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
