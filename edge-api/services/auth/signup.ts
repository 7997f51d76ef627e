/**
 * Company and warehouse signup (part 1 §3): the organisation and its first user,
 * in one transaction; then a verification link goes to the new user's address
 * (services/auth/email-verification.ts). Answers the new user's id and address.
 */
import { emailTaken } from '../../../db/auth/sessions';
import { hashPassword } from '../../../db/password';
import { SIGN_IN_BUSY } from '../../../domain/auth';
import { nowIso, uuidv7 } from '../../../domain/ids';
import type { CompanySignup, WarehouseSignup } from '../../../domain/profile';
import { conflict, rateLimited } from '../../../domain/refusal';
import type { AuthDeps } from './sign-in';
import { sendVerificationLink } from './email-verification';
import { HashQueueFull } from './hash-queue';

export const EMAIL_TAKEN = 'An account with this email already exists';

async function newPasswordHash(deps: Pick<AuthDeps, 'hashes'>, password: string) {
  try {
    return await deps.hashes.run(() => hashPassword(password));
  } catch (err) {
    if (err instanceof HashQueueFull) throw rateLimited(SIGN_IN_BUSY, { retryAfter: 2 });
    throw err;
  }
}

export type SignedUp = { userId: string; email: string };

export async function signupCompany(deps: Pick<AuthDeps, 'dbh' | 'hashes' | 'config'>, body: CompanySignup): Promise<SignedUp> {
  const { db } = deps.dbh;
  const email = body.email.toLowerCase();
  if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN);
  const hash = await newPasswordHash(deps, body.password);
  const now = nowIso();
  const companyId = uuidv7();
  const userId = uuidv7();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('companies').values({
      id: companyId, name: body.name, email, phone: body.phone, pan: body.pan.toUpperCase(), gst: body.gst.toUpperCase(),
      website: body.website, poc: body.poc, poc_phone: body.pocPhone, address: JSON.stringify(body.address),
      warehouse_requirement: body.warehouseRequirement ?? null, is_d2r: 0, whatsapp_ndr_active: 0, clickpost_active: 0,
      approve_rts_returns: 0, tracking_layout: null, created_at: now,
    }).execute();
    await tx.insertInto('users').values({
      id: userId, email, password_hash: hash, role: 'seller', name: body.poc, company_id: companyId, warehouse_id: null, created_at: now,
    }).execute();
  });
  await sendVerificationLink(deps.dbh, deps.config, userId);
  return { userId, email };
}

export async function signupWarehouse(deps: Pick<AuthDeps, 'dbh' | 'hashes' | 'config'>, body: WarehouseSignup): Promise<SignedUp> {
  const { db } = deps.dbh;
  const email = body.email.toLowerCase();
  if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN);
  const hash = await newPasswordHash(deps, body.password);
  const now = nowIso();
  const warehouseId = uuidv7();
  const userId = uuidv7();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('warehouses').values({
      id: warehouseId, code: `WH${warehouseId.slice(-6).toUpperCase()}`, name: body.name, email, phone: body.phone,
      pan: body.pan.toUpperCase(), gst: body.gst.toUpperCase(), website: body.website, address: JSON.stringify(body.address),
      invoice_prefix: null, b2b_invoice_prefix: null, b2c_index: 0, b2b_index: 0, active: 1, created_at: now,
    }).execute();
    await tx.insertInto('users').values({
      id: userId, email, password_hash: hash, role: 'warehouse', name: body.name, company_id: null, warehouse_id: warehouseId, created_at: now,
    }).execute();
  });
  await sendVerificationLink(deps.dbh, deps.config, userId);
  return { userId, email };
}
