// The load generator of tests/bench/load.bench.ts, run in a process of its own
// so that it does not share an event loop (or a core's time slice) with the
// server it measures. `node tests/bench/load-client.mjs <config.json>`; prints
// one JSON line with every latency and writes every acknowledged write to
// `config.ackFile`, one per line.
//
// Open loop, as wrk2 does: requests are sent at a fixed arrival rate
// (`rate` per second, evenly spaced) whatever the speed of the answers, over at
// most `clients` keep-alive connections; a request whose connection is busy
// waits for one, and its latency is measured from its scheduled send time, so
// time spent queueing (in the client or the server) counts. Each request is,
// by weight: the orders list, an order, a shipment lookup, or a sync push (one
// inventory.inbound command). Pushes go round-robin to `clients` devices; a
// device sends its pushes one after another (its seqs in order), each still
// timed from its own scheduled time. A write counts as acknowledged only when
// the server answered 200 with it applied.
import fs from 'node:fs';
import http from 'node:http';

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
// `bases` (several servers): requests go round-robin over them, as a local balancer would; a server
// that refuses the connection is taken out of the rotation (while another one is left).
const live = (cfg.bases ?? [cfg.base]).map((b) => new URL(b));
let turn = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.clients, maxFreeSockets: cfg.clients });
const MIX = cfg.mix; // { list, open, track, push } weights

/** `started` is the request's scheduled send time (process.hrtime.bigint()), so waiting for a connection counts. */
function request(started, method, path, headers, body) {
  return new Promise((resolve) => {
    const base = live[turn++ % live.length];
    const gone = () => live.length > 1 && live.includes(base) && live.splice(live.indexOf(base), 1);
    const req = http.request({ host: base.hostname, port: base.port, method, path, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', (err) => resolve({ status: 0, body: String(err), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') gone();
      resolve({ status: 0, body: String(err.message ?? err), ms: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    if (body) req.write(body);
    req.end();
  });
}

const pick = (xs, i) => xs[i % xs.length];
const latencies = [];
const byKind = { list: [], open: [], track: [], push: [] };
let errors = 0;
const errorSamples = [];
const acked = [];

function choose() {
  const total = MIX.list + MIX.open + MIX.track + MIX.push;
  let r = Math.random() * total;
  for (const k of ['list', 'open', 'track', 'push']) {
    if ((r -= MIX[k]) < 0) return k;
  }
  return 'list';
}

// `pushKeys` (optional): device n writes stock row pushKeys[n % length] instead of the one `pushKey`.
const devices = Array.from({ length: cfg.clients }, (_, n) => ({ id: `${cfg.devicePrefix}-${n}`, seq: 0, chain: Promise.resolve(), key: cfg.pushKeys ? cfg.pushKeys[n % cfg.pushKeys.length] : cfg.pushKey }));
let pushes = 0;

/** Every scheduled request counts, however late its answer (a request gives up after 10 s: an error). */
function record(kind, res) {
  latencies.push(res.ms);
  byKind[kind].push(res.ms);
  if (res.status !== 200) {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${kind} ${res.status} ${res.body.slice(0, 160)}`);
    return false;
  }
  return true;
}

/** One push of a device, after its previous one (a device's seqs go in order); timed from `scheduled`. */
function push(device, scheduled) {
  device.chain = device.chain.then(async () => {
    const seq = device.seq + 1;
    const remark = `${device.id}:${seq}`;
    const command = { seq, name: 'inventory.inbound', createdAt: new Date().toISOString(), args: { ...device.key, accepted: 1, rejected: 0, remarks: remark } };
    const res = await request(scheduled, 'POST', '/api/sync/push', { cookie: cfg.warehouse.cookie, 'x-xsrf-token': cfg.warehouse.xsrf }, JSON.stringify({ clientId: device.id, schemaVersion: 1, commands: [command] }));
    // Not acknowledged: the device sends that seq again with its next push.
    if (!record('push', res)) {
      if (res.status === 0) await new Promise((r) => setTimeout(r, 20)); // server gone (the kill phase)
      return;
    }
    device.seq = seq;
    const r = JSON.parse(res.body);
    if (r.results?.[0]?.status === 'applied') acked.push(remark);
    else {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`push not applied: ${res.body.slice(0, 160)}`);
    }
  });
  return device.chain;
}

function send(i, scheduled) {
  const kind = choose();
  if (kind === 'push') return push(devices[pushes++ % devices.length], scheduled);
  const res =
    kind === 'list' ? request(scheduled, 'GET', `/api/orders?page=${1 + (i % 10)}&pageSize=20`, { cookie: cfg.seller.cookie })
    : kind === 'open' ? request(scheduled, 'GET', `/api/orders/${pick(cfg.orderIds, i)}`, { cookie: cfg.seller.cookie })
    : request(scheduled, 'GET', `/api/order/${pick(cfg.awbs, i)}`, {});
  return res.then((r) => void record(kind, r));
}

/** Sends request i at start + i / rate, whether or not earlier ones have been answered. */
async function openLoop() {
  const start = process.hrtime.bigint();
  const gapNs = 1e9 / cfg.rate;
  const inFlight = [];
  for (let i = 0; ; i++) {
    const scheduled = start + BigInt(Math.round(i * gapNs));
    if (Number(scheduled - start) / 1e6 >= cfg.seconds * 1000) break;
    const waitMs = Number(scheduled - process.hrtime.bigint()) / 1e6;
    if (waitMs > 1) await new Promise((r) => setTimeout(r, waitMs));
    inFlight.push(send(i, scheduled));
  }
  await Promise.all(inFlight);
}

const started = Date.now();
await openLoop();
const seconds = (Date.now() - started) / 1000;
fs.writeFileSync(cfg.ackFile, acked.join('\n'));
// Raw latencies: load.bench.ts takes their percentiles with tests/bench/stats.ts.
console.log(JSON.stringify({ offered: cfg.rate, seconds, latencies, byKind, errors, errorSamples, acked: acked.length }));
agent.destroy();
