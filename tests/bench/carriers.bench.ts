/**
 * Our own time around a live courier booking: `bookOnce` (the attempt
 * recorded before the call, the task claimed and finished, the connection's
 * credentials opened) against a local Delhivery server, minus the same
 * create.json call made by a plain fetch in the same run, alternating (the
 * figure is the difference of the two p95s: pair-by-pair differences on a
 * loaded machine measure its noise more than our work).
 */
import pino from 'pino';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { bookOnce } from '../../edge-api/carriers/live/booking';
import { COURIER_KINDS } from '../../edge-api/carriers/live/registry';
import { loadConfig } from '../../edge-api/config';
import { createConnection } from '../../edge-api/integrations/connections';
import { delhiveryServer, listen } from '../db/courier-servers';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

export async function benchCarrierBooking(): Promise<BenchResult[]> {
  const n = process.argv.includes('--quick') ? 60 : 300;
  const h = connect({ file: ':memory:' });
  await migrateToLatest(h.db);
  const config = loadConfig({});
  const log = pino({ level: 'silent' });
  const dl = delhiveryServer();
  const url = await listen(dl.server);
  const conn = await createConnection(h, config, COURIER_KINDS, { id: 'u', name: 'Bench', role: 'admin', scope: null } as never, {
    kind: 'delhivery', label: 'DL', companyId: 'c1', baseUrl: url, settings: { pickupLocations: { w1: 'OKHLA' } }, secrets: { token: 't' },
  } as never);
  const shipment = (orderId: string) => ({
    orderId, shopOrderId: orderId, originPincode: '110001', destPincode: '560001', paymentMode: 'prepaid', weightG: 700, codPaise: 0,
    consignee: { name: 'Ravi Kumar', phone: '9876543210', city: 'Bengaluru', state: 'Karnataka' }, warehouseId: 'w1',
  });
  const plain = async (orderId: string) => {
    const data = JSON.stringify({ shipments: [{ order: orderId, pin: '560001', weight: 700 }], pickup_location: { name: 'OKHLA' } });
    const res = await fetch(`${url}/api/cmu/create.json`, {
      method: 'POST', headers: { authorization: 'Token t', 'content-type': 'application/x-www-form-urlencoded' }, body: `format=json&data=${encodeURIComponent(data)}`,
    });
    await res.json();
  };
  const ours: number[] = [];
  const refs: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    let t = performance.now();
    await plain(`ref-${i}`);
    const ref = performance.now() - t;
    t = performance.now();
    const r = await bookOnce(h, config, log, { connectionId: conn.id, companyId: 'c1', shipment: shipment(`order-${i}`) });
    const mine = performance.now() - t;
    if (!r.ok) throw new Error('booking failed in the bench');
    if (i < 20) continue; // warm-up
    ours.push(mine);
    refs.push(ref);
  }
  dl.server.close();
  await h.destroy();
  const round = (x: number) => Number(x.toFixed(2));
  return [{
    name: 'carriers.book_overhead_p95_ms', value: round(Math.max(0, p95(ours) - p95(refs))), unit: 'ms', reference: round(p95(refs)), ratio: round(p95(ours) / p95(refs)),
    data: `${n} bookings against a local Delhivery server; p95 booking ${round(p95(ours))} ms, p95 plain create.json ${round(p95(refs))} ms (goal: overhead under 20 ms)`,
  }];
}
