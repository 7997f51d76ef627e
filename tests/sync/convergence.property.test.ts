// Property: whatever the network does (drop requests, drop responses,
// duplicate, deliver late and out of order, fail with 5xx), whatever the
// server does (transient faults), and however often a device crashes, once
// the network heals and every device syncs until nothing is pending:
//  - every command was handled exactly once, in seq order per device;
//  - replaying the server's order through the business rules gives exactly
//    its accept/refuse decisions (refusals with the same reasons) and state;
//  - every device holds exactly the server's state and lists its refusals;
//  - stale duplicates delivered afterwards change nothing.
// And after every step, on every device: the rows shown equal the server's
// state at the device's cookie with its pending commands' effects on top.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DexieLocalStore, SyncDexie } from '../../sync/client/dexie-store';
import type { LocalStore } from '../../sync/client/local-store';
import { MemoryLocalStore } from '../../sync/client/memory-store';
import { MemoryServerStore } from '../../sync/server/memory-store';
import { FAULTS, runScenario as runOn, scenarioArb, type Scenario, type Seen } from './convergence-harness';

/** The scenario (see convergence-harness.ts) against a fresh in-memory server. */
function runScenario(scenario: Scenario, newStore: () => Promise<LocalStore>, seen: Seen) {
  const server = new MemoryServerStore();
  return runOn(scenario, newStore, seen, { store: server, inspect: async () => server.inspect() });
}

describe('sync converges under faults', () => {
  it('with the in-memory local store', async () => {
    const seen: Seen = new Map();
    await fc.assert(
      fc.asyncProperty(scenarioArb, (scenario) => runScenario(scenario, async () => new MemoryLocalStore(), seen)),
      { numRuns: 700 },
    );
    // The runs must exercise every fault and plenty of refusals, not only happy paths.
    for (const what of [...FAULTS, 'late delivery', 'reboot', 'set-based run']) expect(seen.get(what), what).toBeGreaterThan(100);
    expect(seen.get('refused')).toBeGreaterThan(seen.get('commands')! / 20);
  });

  it('with the Dexie local store on fake-indexeddb', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const dbs: SyncDexie[] = [];
        try {
          await runScenario(
            scenario,
            async () => {
              const db = new SyncDexie(`convergence-${++n}`);
              dbs.push(db);
              return new DexieLocalStore(db);
            },
            new Map(),
          );
        } finally {
          for (const db of dbs) db.close();
          for (const db of dbs) await db.delete();
        }
      }),
      { numRuns: 60 },
    );
  });
});
