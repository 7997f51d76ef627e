/**
 * `npm run bench [-- --quick]`: runs every export named bench* of every
 * tests/bench/*.bench.ts, prints each figure (with its reference when it has
 * one) and writes bench-results.json: [{name, value, unit, reference?, ratio?, data}].
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import bundleServerOnce from '../api/server-bundle-setup';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };
type BenchFn = (opts: { quick: boolean }) => Promise<BenchResult[]>;

const quick = process.argv.includes('--quick');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const dir = path.dirname(fileURLToPath(import.meta.url));
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only))).sort();

// Every bench that starts a server process runs the server as production does: bundled once, on plain
// node (tests/e2e/server.ts, serverCommand), not its TypeScript through tsx.
const unbundle = await bundleServerOnce();
const results: BenchResult[] = [];
const failures: string[] = [];
const started = performance.now();
console.log(`Benchmarks (${quick ? 'quick' : 'full'}): ${files.join(', ')}`);
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
  for (const [name, fn] of Object.entries(mod)) {
    if (!name.startsWith('bench') || typeof fn !== 'function') continue;
    const t = performance.now();
    console.log(`\n${file} › ${name}`);
    try {
      const out = await (fn as BenchFn)({ quick });
      for (const r of out) {
        results.push(r);
        const ref = r.reference !== undefined ? `  (reference ${r.reference}${r.ratio !== undefined ? `, ratio ${r.ratio}` : ''})` : '';
        console.log(`  ${r.name.padEnd(34)} ${String(r.value).padStart(10)} ${r.unit}${ref}\n  ${' '.repeat(34)} ${r.data}`);
      }
    } catch (e) {
      failures.push(`${file} › ${name}: ${(e as Error).stack ?? e}`);
      console.error(`  FAILED: ${(e as Error).message}`);
    }
    console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
}
// A name is how a reader finds a figure (and compares runs): two figures of one name are a bench's mistake.
const seen = new Set<string>();
for (const r of results) {
  if (seen.has(r.name)) failures.push(`two figures are named ${r.name}: a figure's name must be its own`);
  seen.add(r.name);
}
unbundle?.();
fs.writeFileSync('bench-results.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${results.length} figures written to bench-results.json in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) {
  console.error(`\n${failures.length} benchmark(s) failed:\n${failures.join('\n')}`);
  process.exit(1);
}
process.exit(0);
