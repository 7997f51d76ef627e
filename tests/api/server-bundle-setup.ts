// Global setup of the unit project (and so of the API suite on PostgreSQL beside it): the tests that
// start whole server processes (production refusals, sign-in bursts, two API processes on one
// PostgreSQL, a crash mid-import) run the server bundled once for the run, on plain node as `npm start`
// runs it, instead of compiling its TypeScript through tsx at every start (tests/e2e/server.ts,
// serverCommand). A bundle named already by SD_SERVER_BUNDLE is used as it is.
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';

export default async function setup() {
  if (process.env.SD_SERVER_BUNDLE) return;
  // Inside the repository, where the bundle's packages (left as imports) resolve from node_modules/.
  const cache = path.resolve('node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  // What an interrupted run left more than six hours ago (a run beside this one keeps its own).
  for (const old of fs.readdirSync(cache).filter((f) => f.startsWith('sd-server-bundle-'))) {
    const full = path.join(cache, old);
    if (Date.now() - fs.statSync(full).mtimeMs > 6 * 3600_000) fs.rmSync(full, { recursive: true, force: true });
  }
  const dir = fs.mkdtempSync(path.join(cache, 'sd-server-bundle-'));
  process.env.SD_SERVER_BUNDLE = await buildServer(dir);
  return () => {
    delete process.env.SD_SERVER_BUNDLE;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
