// Installs npm dependencies when node_modules is missing or older than the lock file:
// `npm ci` (exactly the lock) on a fresh clone, `npm install` over an existing node_modules.
// Either way the lock keeps naming every platform's optional packages (scripts/complete-lock.mjs).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureDeps() {
  const lock = fs.statSync('package-lock.json').mtimeMs;
  const marker = 'node_modules/.package-lock.json';
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < lock) {
    console.log('Installing dependencies…');
    const fresh = !fs.existsSync('node_modules');
    execSync(fresh ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', { stdio: 'inherit' });
    if (!fresh) execSync('node scripts/complete-lock.mjs', { stdio: 'inherit' });
  }
}
