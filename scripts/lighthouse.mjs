// `npm run lighthouse [-- --runs=3 --min=95]`: Lighthouse (mobile form factor,
// simulated slow 4G and CPU, performance only) of the public tracking page of
// the BUILT app (`npx vite build` first), served by edge-api/server.ts over a
// fresh seeded SQLite file, at /track/<a delivered AWB>. Not part of `npm test`.
// Uses lighthouse@12.8.2 through npx (13 needs Node 22) and Chromium at
// CHROME_PATH (default /usr/bin/chromium). Exits 1 when the median score is
// below --min. The HTML and JSON reports are kept in a temporary folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const runs = Number(arg('runs', 1));
const min = Number(arg('min', 95));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync('dist/track.html')) {
  console.error('dist/track.html is missing: run `npx vite build` first.');
  process.exit(1);
}

const port = await new Promise((resolve, reject) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
  s.on('error', reject);
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'edge-api/server.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SQLITE_FILE: path.join(dir, 'app.db'), DATA_DIR: dir, DATABASE_URL: '', SEED_ORDERS: '600', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const stop = () => {
  server.kill('SIGTERM');
  for (const f of fs.readdirSync(dir)) if (f.startsWith('app.db')) fs.rmSync(path.join(dir, f), { force: true });
};
process.on('exit', stop);

// server.ts prints "Public tracking: <url>/track/<a delivered AWB>" once it listens
const url = await new Promise((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
  const onData = (d) => {
    out += d.toString();
    const m = /Public tracking: (\S+)/.exec(out);
    if (m) {
      clearTimeout(timer);
      resolve(m[1]);
    }
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', (d) => (out += d.toString()));
  server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
});

const scores = [];
for (let i = 1; i <= runs; i++) {
  const out = path.join(dir, `run-${i}`);
  execFileSync('npx', ['-y', 'lighthouse@12.8.2', url, '--chrome-flags=--headless --no-sandbox --disable-gpu', '--only-categories=performance',
    '--output=json', '--output=html', `--output-path=${out}`, '--quiet'], { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } });
  const report = JSON.parse(fs.readFileSync(`${out}.report.json`, 'utf8'));
  const score = Math.round(report.categories.performance.score * 100);
  scores.push(score);
  const a = report.audits;
  const metric = (id) => a[id]?.displayValue ?? '-';
  console.log(`run ${i}: performance ${score} (${report.configSettings.formFactor}, ${report.configSettings.throttlingMethod}) | FCP ${metric('first-contentful-paint')} | LCP ${metric('largest-contentful-paint')} | TBT ${metric('total-blocking-time')} | CLS ${metric('cumulative-layout-shift')} | SI ${metric('speed-index')} | ${metric('total-byte-weight')}`);
}
const median = [...scores].sort((x, y) => x - y)[Math.floor(scores.length / 2)];
console.log(`\n${url}\nperformance ${median} (median of ${runs}; budget ${min}); reports in ${dir}`);
process.exit(median >= min ? 0 : 1);
