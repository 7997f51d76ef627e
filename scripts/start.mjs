// `npm start`: install what is missing, build the PWA, then serve web + /api on one port.
// The SQLite file data/app.db is migrated and seeded with demo data on first run.
import { execSync, spawn } from 'node:child_process';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the web app…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
const child = spawn(process.execPath, ['--import', 'tsx', 'edge-api/server.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
