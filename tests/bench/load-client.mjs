// The load generator of tests/bench/load.bench.ts, run in a process of its own
// so that it does not share an event loop (or a core's time slice) with the
// server it measures. `node tests/bench/load-client.mjs <config.json>`; prints
// one JSON line with the figures and writes every acknowledged write to
// `config.ackFile`, one per line.
//
// Each of `clients` simulated users loops until the time is up, picking by
// weight: browse the orders list, open an order, look up a shipment, or push a
// sync batch (one inventory.inbound command, its own device and seq). A write
// counts as acknowledged only when the server answered 200 with it applied.
import fs from 'node:fs';
import http from 'node:http';

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const base = new URL(cfg.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.clients, maxFreeSockets: cfg.clients });
const MIX = cfg.mix; // { list, open, track, push } weights

function request(method, path, headers, body) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request({ host: base.hostname, port: base.port, method, path, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', (err) => resolve({ status: 0, body: String(err), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, body: String(err.message ?? err), ms: Number(process.hrtime.bigint() - started) / 1e6 }));
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
let rr = 0;

function choose() {
  const total = MIX.list + MIX.open + MIX.track + MIX.push;
  let r = Math.random() * total;
  for (const k of ['list', 'open', 'track', 'push']) {
    if ((r -= MIX[k]) < 0) return k;
  }
  return 'list';
}

async function client(n, deadline) {
  const device = `${cfg.devicePrefix}-${n}`;
  let seq = 0;
  while (Date.now() < deadline) {
    const kind = choose();
    const i = rr++;
    let res;
    let remark;
    if (kind === 'list') res = await request('GET', `/api/orders?page=${1 + (i % 10)}&pageSize=20`, { cookie: cfg.seller.cookie });
    else if (kind === 'open') res = await request('GET', `/api/orders/${pick(cfg.orderIds, i)}`, { cookie: cfg.seller.cookie });
    else if (kind === 'track') res = await request('GET', `/api/order/${pick(cfg.awbs, i)}`, {});
    else {
      seq += 1;
      remark = `${device}:${seq}`;
      const command = { seq, name: 'inventory.inbound', createdAt: new Date().toISOString(), args: { ...cfg.pushKey, accepted: 1, rejected: 0, remarks: remark } };
      res = await request('POST', '/api/sync/push', { cookie: cfg.warehouse.cookie, 'x-xsrf-token': cfg.warehouse.xsrf }, JSON.stringify({ clientId: device, schemaVersion: 1, commands: [command] }));
    }
    if (Date.now() > deadline + 2000) break; // answered after the run: not counted
    latencies.push(res.ms);
    byKind[kind].push(res.ms);
    if (res.status !== 200) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${res.status} ${res.body.slice(0, 160)}`);
      if (kind === 'push') seq -= 1; // not acknowledged: the device sends that seq again
      if (res.status === 0) await new Promise((r) => setTimeout(r, 20)); // server gone (the kill phase): do not spin
      continue;
    }
    if (kind === 'push') {
      const r = JSON.parse(res.body);
      if (r.results?.[0]?.status === 'applied') acked.push(remark);
      else {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`push not applied: ${res.body.slice(0, 160)}`);
      }
    }
  }
}

const q = (xs, p) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

const started = Date.now();
const deadline = started + cfg.seconds * 1000;
await Promise.all(Array.from({ length: cfg.clients }, (_, n) => client(n, deadline)));
const seconds = (Date.now() - started) / 1000;
fs.writeFileSync(cfg.ackFile, acked.join('\n'));
const round = (x) => Math.round(x * 10) / 10;
console.log(JSON.stringify({
  requests: latencies.length,
  rps: Math.round(latencies.length / seconds),
  p50: round(q(latencies, 0.5)), p95: round(q(latencies, 0.95)), p99: round(q(latencies, 0.99)),
  byKind: Object.fromEntries(Object.entries(byKind).map(([k, xs]) => [k, { n: xs.length, p95: round(q(xs, 0.95)) }])),
  errors, errorSamples, acked: acked.length,
}));
agent.destroy();
