// Completes package-lock.json with the platform packages npm left out of it.
//
// npm writes the lock with only the optional platform binaries (rollup, esbuild,
// lightningcss, ...) of the machine that ran `npm install` (npm/cli#4828), so
// `npm ci` on a clean clone stops with "package.json and package-lock.json are
// not in sync: Missing @rollup/rollup-android-arm64@… from lock file". This adds,
// for every optional dependency the lock names without an entry, an entry with
// its version, `optional: true`, the parent's dev flag, and the os/cpu/libc its
// name declares, so `npm ci` on another platform skips it without fetching it.
//
//   node scripts/complete-lock.mjs          rewrite package-lock.json when something is missing
//   node scripts/complete-lock.mjs --check  exit 1 (and list them) when something is missing
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32', 'aix'];
const CPU = {
  arm64: 'arm64', aarch64: 'arm64', x64: 'x64', 'x86_64': 'x64', ia32: 'ia32', arm: 'arm', 'arm-eabi': 'arm', armv7: 'arm',
  loong64: 'loong64', ppc64: 'ppc64', ppc64le: 'ppc64', riscv64: 'riscv64', s390x: 's390x', wasm32: 'wasm32', universal: null,
};

/** What a platform package's name says about the platform it is for ({} when it says nothing). */
export function platformOf(name) {
  const parts = name.split('/').pop().toLowerCase().split('-');
  const out = {};
  const os = parts.find((p) => OS.includes(p));
  if (os) out.os = [os];
  for (let i = 0; i < parts.length; i++) {
    const two = `${parts[i]}-${parts[i + 1]}`;
    if (CPU[two]) {
      out.cpu = [CPU[two]];
      i++;
    } else if (parts[i] in CPU && CPU[parts[i]]) out.cpu = [CPU[parts[i]]];
  }
  if (parts.includes('wasm32') || parts.includes('wasi')) out.cpu = ['wasm32'];
  if (out.os?.[0] === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) out.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) out.libc = ['glibc'];
  }
  return out;
}

/** The lock entries missing for optional dependencies: `[path, entry]`. */
export function missingEntries(lock) {
  const packages = lock.packages ?? {};
  const added = [];
  const have = (p) => p in packages || added.some(([a]) => a === p);
  for (const [parentPath, parent] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(parent.optionalDependencies ?? {})) {
      // Node resolution: the parent's own node_modules, then each enclosing one up to the root.
      const candidates = [];
      let base = parentPath;
      for (;;) {
        candidates.push(`${base ? `${base}/` : ''}node_modules/${name}`);
        if (!base) break;
        const cut = base.lastIndexOf('/node_modules/');
        base = cut < 0 ? '' : base.slice(0, cut);
      }
      if (candidates.some(have)) continue;
      const version = String(range).replace(/^[\^~=]/, '');
      const top = `node_modules/${name}`;
      const where = packages[top] ? `${parentPath}/node_modules/${name}` : top;
      // Keys in npm's own order (version first, then alphabetical), so a later `npm install` leaves them be.
      const { os, cpu, libc } = platformOf(name);
      const entry = {
        version,
        ...(cpu ? { cpu } : {}),
        ...(parent.devOptional ? { devOptional: true } : parent.dev ? { dev: true } : {}),
        ...(libc ? { libc } : {}),
        optional: true,
        ...(os ? { os } : {}),
      };
      added.push([where, entry]);
    }
  }
  return added;
}

/** A lock object with the missing entries inserted in name order (npm's own order). */
export function completeLock(lock) {
  const added = missingEntries(lock);
  if (!added.length) return { lock, added };
  const all = { ...lock.packages };
  for (const [p, e] of added) all[p] = e;
  const [root, ...rest] = Object.keys(all).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
  const packages = { [root]: all[root] };
  for (const k of rest) packages[k] = all[k];
  return { lock: { ...lock, packages }, added };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = 'package-lock.json';
  const { lock, added } = completeLock(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (process.argv.includes('--check')) {
    if (added.length) {
      console.error(`package-lock.json lacks ${added.length} optional platform package(s), e.g. ${added.slice(0, 3).map(([p, e]) => `${p.split('node_modules/').pop()}@${e.version}`).join(', ')}.\nRun: node scripts/complete-lock.mjs`);
      process.exit(1);
    }
    console.log('package-lock.json names every optional platform package.');
  } else if (added.length) {
    // Keep the lock's mtime order with node_modules: ensure-deps reinstalls when the lock is newer.
    const marker = 'node_modules/.package-lock.json';
    const markerFresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(file).mtimeMs;
    fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    if (markerFresh) {
      const now = new Date();
      fs.utimesSync(marker, now, now);
    }
    console.log(`package-lock.json: added ${added.length} optional platform package(s) for other platforms.`);
  } else {
    console.log('package-lock.json already names every optional platform package.');
  }
}
