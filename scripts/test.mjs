// `npm test`: every suite — unit, API, sync, db (SQLite and PostgreSQL) and the browser suite.
// Builds the PWA first (the browser tests run against the built, installable app).
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
console.log('Building the web app for the browser tests…');
execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
console.log('Type-checking…');
execSync('npx tsc --noEmit -p .', { stdio: 'inherit' });
fs.mkdirSync('test-results', { recursive: true });
const extra = process.argv.slice(2);
const r = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json', ...extra],
  { stdio: 'inherit' },
);
try {
  const report = JSON.parse(fs.readFileSync('test-results/vitest.json', 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
} catch {
  console.log('\n0 passed, 1 failed');
}
process.exit(r.status ?? 1);
