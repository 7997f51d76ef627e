import { connect } from './connect';
import { migrateToLatest } from './migrate';
import { seed, isSeeded } from './seed';
import { backfillInvoices, describeBackfill } from './billing/backfill';

/** `npm run seed -- --orders 1000000 [--file data/big.db] [--fresh]` */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
// The explicit way to put demo data in a database (`npm start` in demo mode does it on first run).
// Demo logins have published passwords: a production server refuses to start on such a database.
if (process.env.NODE_ENV === 'production' && !args.includes('--demo-in-production')) {
  console.error('NODE_ENV=production: refusing to seed demo users and orders (a production server will not start on them).\nUse `npm run setup` for a production install, or pass --demo-in-production for a throwaway database.');
  process.exit(1);
}
const orders = Number(arg('orders') ?? 2500);
const file = arg('file');
if (args.includes('--fresh') && file) {
  const fs = await import('node:fs');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}
const h = connect({ file });
await migrateToLatest(h.db);
if (await isSeeded(h)) {
  console.log('Database already has data; pass --fresh --file <path> to build a new one.');
} else {
  const r = await seed(h, { orders, log: console.log });
  console.log(`Seeded ${r.orders} orders in ${r.seconds.toFixed(1)} s (${r.ordersPerSecond} orders/s).`);
}
// The seed's shipped orders (and those of an older database) get their invoices, once.
for (const line of describeBackfill(await backfillInvoices(h))) console.log(line);
await h.destroy();
