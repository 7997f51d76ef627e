// `npm test`: the type check, the lint, and every suite — unit, screens, API, sync, db (SQLite and
// PostgreSQL) and the browser suite against the built PWA. Everything that can runs side by side:
// the build, the type check and the lint start with the suites; the browser suite starts once the
// build is done. The run fails if any of them fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

ensureDeps();
fs.mkdirSync('test-results', { recursive: true });

/** A command in the background, its output kept in `log` and shown when it ends; resolves to whether it passed. */
function aside(name, command, args, log) {
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      fs.closeSync(out);
      const text = fs.readFileSync(log, 'utf8');
      process.stdout.write(`\n---- ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s${text.trim() ? ` (its output, kept in ${log})` : ''} ----\n${text}`);
      resolve(status === 0);
    });
  });
}

console.log('Building the web app (for the browser suite), type-checking and linting beside the suites…');
const build = aside('build', 'npx', ['vite', 'build', '--logLevel', 'warn'], 'test-results/build.log');
const checks = Promise.all([
  // Without its pretypecheck: `npm test`'s pretest has generated the route tree already.
  aside('type check', 'npm', ['run', '--silent', '--ignore-scripts', 'typecheck'], 'test-results/tsc.log'),
  aside('lint (ESLint, and the layer rules of dependency-cruiser)', 'npm', ['run', '--silent', 'lint'], 'test-results/lint.log'),
]);
/** Whether a server answers on a loopback port. */
const answers = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, timeout: 1000 }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false)).on('timeout', () => (s.destroy(), resolve(false)));
  });
// The PostgreSQL suites (db on both dialects, the API suite again on PostgreSQL) and the Redis counter
// test use the machine's servers when they answer; CI (.ci/run) always sets both.
if (!process.env.DATABASE_URL_TEST) {
  if (await answers(5432)) process.env.DATABASE_URL_TEST = 'postgres://postgres@127.0.0.1:5432/test';
  else console.log('No PostgreSQL on 127.0.0.1:5432: the PostgreSQL suites run only where one is reachable (always in CI).');
}
if (!process.env.REDIS_URL_TEST) {
  if (await answers(6379)) process.env.REDIS_URL_TEST = 'redis://127.0.0.1:6379';
  else console.log('No Redis on 127.0.0.1:6379: the Redis counter test runs only where one is reachable (always in CI).');
}
const extra = process.argv.slice(2);

/**
 * A vitest run's JSON report as counts. A run that wrote none, or that failed with every test passed (an
 * unhandled error, a file that could not load), counts as one failure more, so the closing line never
 * says "0 failed" for a run that failed.
 */
function counts(status, report) {
  try {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    const failed = j.numFailedTests + (status !== 0 && j.numFailedTests === 0 ? 1 : 0);
    const found = problems(j);
    if (status !== 0 && !found.length) found.push(`${report}: vitest exited with ${status} with no failed test or file (an unhandled error: see its output above)`);
    return { ok: status === 0, passed: j.numPassedTests, failed, skipped: j.numPendingTests + j.numTodoTests, problems: found };
  } catch {
    return { ok: false, passed: 0, failed: 1, skipped: 0, problems: [`${report}: no report (the run stopped before writing it)`] };
  }
}

/**
 * What went wrong in a report, a line each: every failed test with its message's first line, and every
 * file that failed outside its tests (a hook, an import, an unhandled error), so that the last lines of a
 * long run's output (often all a CI page keeps) name them.
 */
function problems(j) {
  const first = (m) => String(m ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
  const out = [];
  for (const f of j.testResults ?? []) {
    const file = path.relative(process.cwd(), f.name);
    const failedTests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(`${file} > ${t.fullName}: ${first(t.failureMessages?.[0])}`);
    if (f.status === 'failed' && !failedTests.length) out.push(`${file}: ${first(f.message) || 'failed outside its tests'}`);
    const skipped = (f.assertionResults ?? []).filter((t) => t.status === 'pending' || t.status === 'skipped' || t.status === 'todo').length;
    if (skipped) out.push(`${file}: ${skipped} test${skipped === 1 ? '' : 's'} skipped`);
  }
  return out;
}
const vitestArgs = (args, report) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args];

/** One vitest run with its output on this terminal (not blocking: the browser suite starts meanwhile when the build is done). */
function vitest(args, report) {
  const child = spawn('npx', vitestArgs(args, report), { stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (status) => resolve(counts(status, report))));
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
  // Arguments (a file, a -t filter, a --project) make one run, once the build is there.
  await build;
  runs = [await vitest(extra, 'test-results/vitest.json')];
} else {
  // The browser suite mostly waits on Chromium and its servers: it runs beside the other suites
  // instead of after them.
  const others = ['unit', 'screens', 'db', ...(process.env.DATABASE_URL_TEST ? ['api-pg'] : [])].map((p) => `--project=${p}`);
  // Two workers, not vitest's default of one on two cores: a file waiting on its database or
  // on a server it started leaves the core to another file (about 150 s less on a two-core machine).
  others.push(`--maxWorkers=${process.env.SD_TEST_WORKERS ?? 2}`);
  // The browser suite's files, two at a time: one file leaves about half of the machine idle
  // (it waits on Chromium's frames and the server's answers), so a second file fills that.
  const browser = build.then((built) =>
    built
      ? vitestAside(['--project=e2e', `--maxWorkers=${process.env.SD_E2E_WORKERS ?? 2}`], 'test-results/vitest-e2e.json', 'test-results/e2e.log')
      : { ok: false, passed: 0, failed: 1, skipped: 0, problems: ['the browser suite did not run: the build failed'] });
  runs = await Promise.all([vitest(others, 'test-results/vitest.json'), browser]);
}
// A failed type check, lint or build counts as one failed test each.
const [tscOk, lintOk] = await checks;
for (const [ok, what] of [[tscOk, 'the type check (test-results/tsc.log)'], [lintOk, 'the lint (test-results/lint.log)'], [await build, 'the build (test-results/build.log)']]) {
  if (!ok) runs.push({ ok: false, passed: 0, failed: 1, skipped: 0, problems: [`${what} failed`] });
}
const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
const failures = runs.flatMap((r) => r.problems ?? []);
if (failures.length) console.log(`\nWhat failed or was skipped:\n${failures.map((l) => `  - ${l}`).join('\n')}`);
console.log(`\n${sum('passed')} passed, ${sum('failed')} failed${sum('skipped') ? `, ${sum('skipped')} skipped` : ''}`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
