// The role matrix (edge-api/lib/role-matrix.ts) proven on every route of /api/openapi.json: each route
// is called as every role (admin, seller, warehouse, finance), anonymously, and as a seller of another
// company using company A's real ids. A role the matrix does not list is refused (403 naming the
// allowed roles; 401 or the XSRF refusal when signed out) and the refusal changes nothing; a role it
// lists is never refused by role. docs/ROLES.md is the matrix as generated now.
import fs from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { ROLES, type Role } from '../../domain/roles';
import { accessOf, PUBLIC, ROUTE_ROLES } from '../../edge-api/lib/role-matrix';
import { rolesMarkdown } from '../../edge-api/lib/role-matrix-doc';
import { anonymous, makeTestApp, signIn, type Agent } from './helpers';
import { arbitraryOf, opName, operations, recordWrites, urlOf, type JsonSchema, type Operation } from './route-walk';

const A = DEMO_COMPANIES[0].id;
/** Left out of the walk, and why. */
const EXCLUDED: Record<string, string> = {
  'POST /api/auth/logout': 'ends the walking session',
  'GET /api/openapi.json': 'the document being walked',
};

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
const agents = {} as Record<Role | 'otherTenant', Agent>;
/** Company A's real ids by kind, for path parameters. */
let ids: Record<string, string>;

const login = (pred: (l: (typeof DEMO_LOGINS)[number]) => boolean) => {
  const l = DEMO_LOGINS.find(pred)!;
  return signIn(ctx.app, l.email, l.password, l.appType);
};

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 200 });
  for (const role of ROLES) agents[role] = await login((l) => l.role === role && !('company' in l));
  agents.otherTenant = await login((l) => l.role === 'seller' && 'company' in l); // the seller of DEMO_COMPANIES[2]
  const order = await ctx.db.selectFrom('orders').select(['id', 'tracking_number', 'shop_order_id']).where('company_id', '=', A).where('tracking_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const catalogue = await ctx.db.selectFrom('catalogue_items').innerJoin('catalogue_wsins', 'catalogue_wsins.catalogue_id', 'catalogue_items.id')
    .select(['catalogue_items.id', 'catalogue_wsins.wsin']).where('company_id', '=', A).orderBy('catalogue_items.id').executeTakeFirstOrThrow();
  ids = { id: order.id, awb: order.tracking_number!, companyId: A, wsin: catalogue.wsin, catalogue: catalogue.id };
}, 120_000);

/** A's real value for a path parameter, by its name (else one drawn from its schema). */
function paramValue(op: Operation, name: string, schema: JsonSchema, seed: number): string {
  if (/awb/i.test(name)) return ids.awb;
  if (/^companyId$/.test(name)) return ids.companyId;
  if (/^wsin$/i.test(name)) return ids.wsin;
  if (name === 'id' && op.path.startsWith('/api/catalogue')) return ids.catalogue;
  if (/id$/i.test(name)) return ids.id;
  return String(fc.sample(arbitraryOf(schema), { seed, numRuns: 1 })[0]);
}

const sample = (s: JsonSchema | undefined, seed: number) => fc.sample(arbitraryOf(s), { seed, numRuns: 1 })[0];

describe('the role matrix', () => {
  it('is what docs/ROLES.md says (npm run roles:doc regenerates it)', () => {
    expect(fs.readFileSync('docs/ROLES.md', 'utf8')).toBe(rolesMarkdown(ctx.app.routes));
  });

  it('names every route of /api/openapi.json, and names no route that does not exist', async () => {
    const ops = await operations(ctx.app);
    expect(ops.filter((op) => !accessOf(op.method, op.path)).map(opName)).toEqual([]);
    const names = new Set(ops.map(opName));
    expect(Object.keys(ROUTE_ROLES).filter((k) => !k.endsWith('/*') && !names.has(k))).toEqual([]);
  });

  it('holds on every route for every role and signed out; a refusal changes nothing', async () => {
    const writes = await recordWrites(ctx.dbh);
    const ops = (await operations(ctx.app)).filter((op) => !(opName(op) in EXCLUDED));
    const wrong: string[] = [];
    let refusals = 0;
    for (const [i, op] of ops.entries()) {
      const access = accessOf(op.method, op.path)!.access;
      const params = Object.fromEntries(op.pathParams.map((p) => [p.name, paramValue(op, p.name, p.schema, i)]));
      const query = Object.fromEntries(op.query.filter((q) => q.required).map((q) => [q.name, sample(q.schema, i)]));
      const body = op.body ? sample(op.body, i) : undefined;
      const url = urlOf(op, params, query);
      const callers: [string, Agent, Role | null][] = [
        ['signed out', anonymous(ctx.app), null],
        ...ROLES.map((r): [string, Agent, Role] => [r, agents[r], r]),
      ];
      for (const [who, agent, role] of callers) {
        await writes.take();
        const res = await agent.request(url, { method: op.method, ...(body !== undefined ? { body } : {}) });
        const text = await res.text();
        const changed = await writes.take();
        const allowed = access === PUBLIC || (role !== null && access.includes(role));
        const byRole = res.status === 403 && text.includes('"allowedRoles"');
        const say = `${opName(op)} as ${who}: ${res.status} ${text.slice(0, 120)}`;
        if (res.status >= 500) wrong.push(`${say} (a crash)`);
        if (allowed && (byRole || (res.status === 401 && role !== null && access !== PUBLIC))) wrong.push(`${say} (the matrix lets ${who} call it)`);
        if (!allowed) {
          refusals++;
          const refused = role === null ? res.status === 401 || res.status === 403 : byRole;
          if (!refused) wrong.push(`${say} (the matrix does not let ${who} call it)`);
          // a refusal writes nothing (a signed-out caller's refused request touches no table either)
          if (changed.length) wrong.push(`${say} changed ${changed.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(150);
  }, 600_000);

  it('lets a seller of another company reach none of company A\'s rows by their ids, and change none', async () => {
    const writes = await recordWrites(ctx.dbh).catch(() => ({ take: async () => [] as string[] })); // the triggers exist already
    const ops = (await operations(ctx.app)).filter((op) => !(opName(op) in EXCLUDED) && op.pathParams.length > 0);
    const wrong: string[] = [];
    let walked = 0;
    for (const [i, op] of ops.entries()) {
      const access = accessOf(op.method, op.path)!.access;
      if (access === PUBLIC || !access.includes('seller')) continue;
      const params = Object.fromEntries(op.pathParams.map((p) => [p.name, paramValue(op, p.name, p.schema, i)]));
      if (!Object.values(params).some((v) => Object.values(ids).includes(v))) continue;
      const body = op.body ? sample(op.body, i) : undefined;
      await writes.take();
      const res = await agents.otherTenant.request(urlOf(op, params), { method: op.method, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      const changed = (await writes.take()).filter((t) => t !== 'sessions' && t !== 'audit_log');
      walked++;
      if (res.status < 300) wrong.push(`${opName(op)} answered ${res.status} to another company's seller with A's ids: ${text.slice(0, 120)}`);
      if (res.status >= 500) wrong.push(`${opName(op)}: ${res.status}`);
      if (changed.length) wrong.push(`${opName(op)} changed ${changed.join(', ')} for another company's seller`);
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThan(20);
  }, 600_000);

  it('keeps the warehouse from cancelling a seller\'s order or answering a buyer\'s request (the seller\'s and admin\'s to do)', async () => {
    const placed = await ctx.db.selectFrom('orders').select(['id', 'status', 'version']).where('company_id', '=', A).where('status', '=', 'PLACED').orderBy('id').executeTakeFirstOrThrow();
    const cancel = await agents.warehouse.json(`/api/orders/${placed.id}/cancel`, { method: 'PATCH', body: { reason: 'Customer asked to cancel' } });
    expect(cancel.status).toBe(403);
    expect(cancel.body.allowedRoles).toEqual(['seller', 'admin']);
    const after = await ctx.db.selectFrom('orders').select(['status', 'version']).where('id', '=', placed.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: placed.status, version: placed.version });
    const accept = await agents.warehouse.json(`/api/customerRequests/${ids.id}/accept`, { method: 'POST', body: {} });
    expect(accept.status).toBe(403);
  });
});
