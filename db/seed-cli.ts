import { connect } from './connect';
import { migrateToLatest } from './migrate';
import { seed, isSeeded } from './seed';

/** `npm run seed -- --orders 1000000 [--file data/big.db] [--fresh]` */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
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
await h.destroy();
