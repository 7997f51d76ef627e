// The one text search (db/search.ts) answers alike on SQLite and PostgreSQL:
// any case, and `_`, `%` and `\` found as themselves, never as wildcards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { textMatches } from '../../db/search';
import { dialects } from './dialects';

const targets = await dialects();
const ROWS = ['INV_2026_001', 'INV-2026-001', 'Asha Verma', 'asha VERMA & sons', '100% cotton', '100 cotton', 'C:\\path\\file', 'C:/path/file', 'Ravi_K'];

describe.each(targets)('text search on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await sql`create table search_probe (id integer primary key, label text not null)`.execute(h.db);
    for (const [i, label] of ROWS.entries()) await sql`insert into search_probe (id, label) values (${i + 1}, ${label})`.execute(h.db);
  }, 60_000);
  afterAll(async () => h?.drop());

  const find = async (text: string, where: 'contains' | 'prefix' = 'contains') => {
    const db = h.db as unknown as import('kysely').Kysely<{ search_probe: { id: number; label: string } }>;
    const rows = await db.selectFrom('search_probe').select('label').where((eb) => textMatches(eb.ref('label'), text, where)).orderBy('id').execute();
    return rows.map((r) => r.label);
  };

  it('ignores case both ways', async () => {
    expect(await find('ASHA verma')).toEqual(['Asha Verma', 'asha VERMA & sons']);
    expect(await find('sOnS')).toEqual(['asha VERMA & sons']);
  });

  it('finds an underscore as an underscore, not as any character', async () => {
    expect(await find('INV_2026')).toEqual(['INV_2026_001']);
    expect(await find('_k')).toEqual(['Ravi_K']);
  });

  it('finds a percent sign as a percent sign, not as anything', async () => {
    expect(await find('100%')).toEqual(['100% cotton']);
    expect(await find('%')).toEqual(['100% cotton']);
  });

  it('finds a backslash as a backslash', async () => {
    expect(await find('c:\\path')).toEqual(['C:\\path\\file']);
    expect(await find('\\')).toEqual(['C:\\path\\file']);
  });

  it('matches at the start only with prefix', async () => {
    expect(await find('inv', 'prefix')).toEqual(['INV_2026_001', 'INV-2026-001']);
    expect(await find('2026', 'prefix')).toEqual([]);
    expect(await find('2026')).toEqual(['INV_2026_001', 'INV-2026-001']);
  });
});
