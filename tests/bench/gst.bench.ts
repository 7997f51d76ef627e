/**
 * GST e-invoicing, our own work per invoice before and after the IRP answers:
 * the INV-01 JSON built from the printed invoice's numbers, checked against the
 * schema (Ajv) and the band's HSN digits, its IRN, the payload encrypted with a
 * Sek (AES-256-ECB), and the registration stored (the INV-01 JSON and the
 * signed answer) in SQLite through the product's query. The IRP's own time is
 * not in it. Reference: the same work by the plainest means, a document built
 * once, JSON.stringify, SHA-256, the same AES call and a prepared
 * better-sqlite3 UPDATE, without the schema check.
 *
 * gst.irn_build_p95_ms: the 95th percentile per invoice (goal: under 20 ms).
 * --quick: 300 invoices instead of 2,000.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect } from '../../db/connect';
import { updateEinvoice } from '../../db/einvoice/queries';
import { migrateToLatest } from '../../db/migrate';
import { irnOf } from '../../domain/einvoice/inv01';
import { makeGstin } from '../../domain/gstin';
import { sampleInvoice, sampleOrder, sampleProfile } from '../../edge-api/documents/fixtures';
import { aesEncrypt } from '../../edge-api/integrations/gst/crypto';
import { checkedInv01 } from '../../edge-api/services/billing/einvoice';
import { percentile, round, type BenchResult } from './stats';

export async function benchIrnBuild({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const N = quick ? 300 : 2000;
  const dbh = await connect({ file: ':memory:' });
  await migrateToLatest(dbh.db);
  const profile = { ...(await sampleProfile()), logo: null, signature: null };
  const invoices = Array.from({ length: N }, (_, i) => sampleInvoice(sampleOrder(i), profile, { buyerGstin: makeGstin(['29', '27', '04', '07'][i % 4], 'AAPFU0939F') }));
  const now = new Date().toISOString();
  for (let i = 0; i < N; i++) {
    await dbh.db.insertInto('einvoices').values({
      invoice_id: `inv-${i}`, company_id: 'c', connection_id: null, status: 'pending', seller_gstin: null, doc_no: invoices[i].invoiceNumber!, doc_date: '05/01/2025', irn: null,
      payload: null, ack_no: null, ack_at: null, signed_invoice: null, signed_qr_code: null, demo: 0, last_error: null, cancel_reason: null, cancel_remark: null,
      cancelled_at: null, ewb_no: null, ewb_at: null, ewb_valid_till: null, created_at: now, updated_at: now,
    }).execute();
  }
  const sek = randomBytes(32);
  const signed = `eyJhbGciOiJSUzI1NiJ9.${'x'.repeat(1800)}.${'y'.repeat(342)}`;

  const product: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const doc = checkedInv01(invoices[i], 'under_5cr');
    const irn = irnOf(doc);
    const payload = JSON.stringify(doc);
    aesEncrypt(sek, Buffer.from(payload));
    await updateEinvoice(dbh.db, `inv-${i}`, {
      status: 'registered', seller_gstin: profile.gstin, irn, payload, ack_no: String(112510000000000 + i), ack_at: now, signed_invoice: signed, signed_qr_code: signed, updated_at: now,
    });
    product.push(performance.now() - t);
  }

  // Reference: a plain document built once per invoice shape, no schema check, a prepared statement.
  const sqlite = dbh.sqlite!;
  const upd = sqlite.prepare('UPDATE einvoices SET status = ?, seller_gstin = ?, irn = ?, payload = ?, ack_no = ?, ack_at = ?, signed_invoice = ?, signed_qr_code = ?, updated_at = ? WHERE invoice_id = ?');
  const plain = [0, 1, 2].map((k) => checkedInv01(invoices[k], 'under_5cr'));
  const reference: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const doc = { ...plain[i % 3], DocDtls: { Typ: 'INV', No: invoices[i].invoiceNumber, Dt: '05/01/2025' } };
    const irn = createHash('sha256').update(`${profile.gstin}2024-25INV${invoices[i].invoiceNumber}`).digest('hex');
    const payload = JSON.stringify(doc);
    aesEncrypt(sek, Buffer.from(payload));
    upd.run('registered', profile.gstin, irn, payload, String(112510000000000 + i), now, signed, signed, now, `inv-${i}`);
    reference.push(performance.now() - t);
  }
  const p95 = round(percentile(product, 0.95), 3);
  const ref = round(percentile(reference, 0.95), 3);
  await dbh.db.destroy();
  return [{ name: 'gst.irn_build_p95_ms', value: p95, unit: 'ms', reference: ref, ratio: round(p95 / ref, 1), data: `${N} invoices; p50 ${round(percentile(product, 0.5), 3)} ms` }];
}
