// The orders CSV writes the customer's name once per order, in its own column, whatever the name
// holds (a comma, a quote, a line break, a formula start, the separator the SQLite fast path packs
// columns with, Devanagari), on both writers (packed on SQLite, plain on PostgreSQL and as fallback).
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { makeTestApp, signInDemo, type Agent } from './helpers';

const NAMES = ['Sharma, Aadhyaa', 'Quote "Q" Nameholder', 'Line\nBreakname', 'Unit\x1fSeparator', 'हिंदी नामधारी', 'Zzyzx Uniquename'];
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let ids: string[];

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 40 });
  ids = (await ctx.db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[0].id).orderBy('id').execute()).map((r) => r.id);
  for (const [i, n] of NAMES.entries()) await ctx.db.updateTable('orders').set({ customer_name: n }).where('id', '=', ids[i]).execute();
  seller = await signInDemo(ctx.app, 'seller');
});

describe('the orders CSV', () => {
  it('writes each customer name once, in the Customer Name column', async () => {
    const res = await seller.request('/api/download/csv/orders', { method: 'POST', body: { filter: {} } });
    expect(res.status).toBe(200);
    const rows = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data;
    const header = rows[0];
    expect(header.filter((h) => /name/i.test(h) && /customer/i.test(h))).toEqual(['Customer Name']);
    const col = header.indexOf('Customer Name');
    const idCol = header.indexOf('Internal ID');
    for (const [i, name] of NAMES.entries()) {
      const row = rows.find((r) => r[idCol] === ids[i]);
      expect(row, `the order named ${JSON.stringify(name)}`).toBeDefined();
      expect(row!.length).toBe(header.length);
      expect(row![col]).toBe(name);
      expect(row!.filter((cell) => cell.includes(name))).toHaveLength(1);
    }
  });
});
