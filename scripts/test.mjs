// `npm test`: every suite — unit, API, sync, db (SQLite and PostgreSQL) and the browser suite.
// Builds the PWA first (the browser tests run against the built, installable app).
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
console.log('Building the web app for the browser tests…');
execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
console.log('Type-checking…');
execSync('npx tsc --noEmit -p .', { stdio: 'inherit' });
console.log('Linting (ESLint, and the layer rules of dependency-cruiser)…');
execSync('npm run --silent lint', { stdio: 'inherit' });
// The PostgreSQL suites (db on both dialects, the API suite again on PostgreSQL)
// use the machine's server when one answers; CI (.ci/run) always sets this.
if (!process.env.DATABASE_URL_TEST) {
  const up = await new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: 5432, timeout: 1000 }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false)).on('timeout', () => (s.destroy(), resolve(false)));
  });
  if (up) process.env.DATABASE_URL_TEST = 'postgres://postgres@127.0.0.1:5432/test';
  else console.log('No PostgreSQL on 127.0.0.1:5432: the PostgreSQL suites run only where one is reachable (always in CI).');
}
fs.mkdirSync('test-results', { recursive: true });
const extra = process.argv.slice(2);

/** A vitest run's JSON report as counts (a run that wrote none counts as one failure). */
function counts(status, report) {
  try {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    return { ok: status === 0, passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + j.numTodoTests };
  } catch {
    return { ok: false, passed: 0, failed: 1, skipped: 0 };
  }
}
const vitestArgs = (args, report) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args];

/** One vitest run in the foreground, its output on this terminal. */
function vitest(args, report) {
  const r = spawnSync('npx', vitestArgs(args, report), { stdio: 'inherit' });
  return counts(r.status, report);
}

/** One vitest run in the background, its output kept in `log` and shown when it ends. */
function vitestAside(args, report, log) {
  const out = fs.openSync(log, 'w');
  const child = spawn('npx', vitestArgs(args, report), { stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      fs.closeSync(out);
      process.stdout.write(`\n---- ${args.join(' ')} (its output, kept in ${log}) ----\n${fs.readFileSync(log, 'utf8')}`);
      resolve(counts(status, report));
    });
  });
}

let runs;
if (extra.length) {
  // Arguments (a file, a -t filter, a --project) make one run.
  runs = [vitest(extra, 'test-results/vitest.json')];
} else {
  // The browser suite runs its files one at a time and mostly waits on Chromium, which left
  // a core idle for its seven minutes: it runs beside the other suites instead of after them.
  const others = ['unit', 'db', ...(process.env.DATABASE_URL_TEST ? ['api-pg'] : [])].map((p) => `--project=${p}`);
  const browser = vitestAside(['--project=e2e'], 'test-results/vitest-e2e.json', 'test-results/e2e.log');
  const first = vitest(others, 'test-results/vitest.json');
  runs = [first, await browser];
}
const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
console.log(`\n${sum('passed')} passed, ${sum('failed')} failed${sum('skipped') ? `, ${sum('skipped')} skipped` : ''}`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
