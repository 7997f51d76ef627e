import pg from 'pg';
import { connect, type DbHandle } from '../../db/connect';

export const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

async function pgReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The dialects the db suite runs on. PostgreSQL is required in CI (a skipped
 * Postgres suite there is a failure); locally it is used when reachable.
 */
export async function dialects(): Promise<{ name: 'sqlite' | 'postgres'; open: () => Promise<DbHandle & { drop: () => Promise<void> }> }[]> {
  const list: Awaited<ReturnType<typeof dialects>> = [
    {
      name: 'sqlite',
      open: async () => {
        const h = connect({ file: ':memory:' });
        return { ...h, drop: () => h.destroy() };
      },
    },
  ];
  const reachable = await pgReachable();
  if (!reachable && process.env.CI) throw new Error(`PostgreSQL is required in CI but ${PG_URL} is not reachable`);
  if (!reachable) {
    console.warn(`PostgreSQL at ${PG_URL} is not reachable: the db suite runs on SQLite only here.`);
    return list;
  }
  list.push({
    name: 'postgres',
    open: async () => {
      // Each run gets its own schema so suites never see each other's rows.
      const schema = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const h = connect({ url });
      return {
        ...h,
        drop: async () => {
          await h.destroy();
          const c = new pg.Client({ connectionString: PG_URL });
          await c.connect();
          await c.query(`DROP SCHEMA ${schema} CASCADE`);
          await c.end();
        },
      };
    },
  });
  return list;
}
