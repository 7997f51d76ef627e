// Installs npm dependencies when node_modules is missing or older than the lock file.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureDeps() {
  const lock = fs.statSync('package-lock.json').mtimeMs;
  const marker = 'node_modules/.package-lock.json';
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < lock) {
    console.log('Installing dependencies…');
    execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
  }
}
