// A property-based fuzz test over every route in
// /api/openapi.json. Inputs come from fast-check arbitraries built from each
// route's own schemas (generated from the zod schemas the server validates
// with), now and then anything at all; path parameters are sometimes real ids.
// Properties, as an admin and as a seller:
// - no answer is a 5xx;
// - a refusal (4xx) changes nothing, except the tables listed below whose very
//   job is to remember refusals.
// Row triggers record which tables each request wrote (route-walk.ts).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type Agent } from './helpers';
import { arbitraryOf, hostileOf, opName, operations, recordWrites, urlOf, type Operation } from './route-walk';

/** Left out, and why. */
const EXCLUDED: Record<string, string> = {
  'POST /api/auth/logout': 'ends the fuzzing session; it takes no input',
  'GET /api/openapi.json': 'the document the routes are read from; it takes no input',
};

/** Tables a refused request may write, and why that is the point. */
const WRITTEN_ON_REFUSAL: Record<string, string> = {
  auth_throttle: 'a wrong password is counted (tests/api/security-auth.test.ts)',
  tracking_buyer_attempts: 'a wrong buyer check on the tracking page is counted, to slow down guessing',
};

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.API_TEST_PG ? 6 : 20));

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let agents: { role: string; agent: Agent }[];
let writes: Awaited<ReturnType<typeof recordWrites>>;
let realIds: string[];

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 120 });
  const orders = await ctx.db.selectFrom('orders').select(['id', 'tracking_number', 'company_id']).orderBy('id').limit(20).execute();
  const items = await ctx.db.selectFrom('catalogue_items').select(['id']).limit(5).execute();
  realIds = [...orders.flatMap((o) => [o.id, o.tracking_number ?? '', o.company_id]), ...items.map((i) => i.id)].filter(Boolean);
  agents = [
    { role: 'admin', agent: await signInDemo(ctx.app, 'admin') },
    { role: 'seller', agent: await signInDemo(ctx.app, 'seller') },
  ];
  writes = await recordWrites(ctx.dbh);
}, 120_000);

function requestArb(op: Operation) {
  const params = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, fc.oneof(arbitraryOf(p.schema).map(String), fc.constantFrom(...realIds))])));
  const query = fc.record(
    Object.fromEntries(op.query.map((q) => [q.name, arbitraryOf(q.schema)])),
    { requiredKeys: op.query.filter((q) => q.required).map((q) => q.name) },
  );
  const body = op.body ? hostileOf(op.body) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

describe('fuzzing every route from its schemas', () => {
  it(`no 5xx, and a refusal changes nothing (${RUNS} inputs per route and role)`, async () => {
    const ops = (await operations(ctx.app)).filter((op) => !(opName(op) in EXCLUDED));
    expect(ops.length).toBeGreaterThan(100);
    const crashes: string[] = [];
    const changedOnRefusal: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [i, op] of ops.entries()) {
      for (const { role, agent } of agents) {
        const samples = fc.sample(requestArb(op), { seed: 14_000 + i, numRuns: RUNS });
        // And one body a hostile client would hand-write: prototype keys as JSON text.
        const raw = op.body ? ['{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}'] : [];
        for (const s of [...samples.map((x) => ({ ...x, raw: undefined as string | undefined })), ...raw.map((r) => ({ ...samples[0], body: undefined, raw: r }))]) {
          const url = urlOf(op, s.params as Record<string, string>, s.query as Record<string, unknown>);
          await writes.take();
          const res = await agent.request(url, {
            method: op.method,
            ...(s.raw !== undefined ? { body: s.raw, headers: { 'content-type': 'application/json' } } : s.body !== undefined ? { body: s.body } : {}),
          });
          const text = await res.text();
          sent++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const wrote = await writes.take();
          const input = `${role} ${op.method} ${url} ${JSON.stringify(s.raw ?? s.body)?.slice(0, 300)}`;
          if (res.status >= 500) crashes.push(`${input} → ${res.status} ${text.slice(0, 200)}`);
          const unexpected = wrote.filter((t) => !(t in WRITTEN_ON_REFUSAL));
          if (res.status >= 400 && unexpected.length) changedOnRefusal.push(`${input} → ${res.status} wrote ${unexpected.join(', ')}`);
        }
      }
    }
    console.info(`fuzz: ${sent} requests over ${ops.length} routes; answers by status: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    expect(crashes).toEqual([]);
    expect(changedOnRefusal).toEqual([]);
  }, 900_000);
});
