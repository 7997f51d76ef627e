/**
 * Production mode (NODE_ENV=production): what the server refuses to start
 * with, and what an install makes instead of demo data (`npm run setup`).
 */
import { randomBytes } from 'node:crypto';
import { addMissingCouriers, demoUsersPresent, hasRateCards, insertAdmin, replaceWebhookSecret, setWebhookSecret, webhookSecrets } from '../../../db/auth/install';
import { emailTaken } from '../../../db/auth/sessions';
import { seedCarriers } from '../../../db/carriers/seed';
import type { DbHandle } from '../../../db/connect';
import { hashPassword } from '../../../db/password';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { MIN_ENCRYPTION_KEY_BYTES } from '../../integrations/secret-box';

/** The shortest secret key production accepts (the secret box refuses shorter ones too). */
export const MIN_SIGNING_KEY_BYTES = MIN_ENCRYPTION_KEY_BYTES;
/** The key older versions fell back to: published in their source, so never a secret. */
const PUBLISHED_KEYS = new Set(['dev-signing-key-change-me']);

/** A secret seeded for the demo (`whsec_<code>_demo`) or otherwise too short to be one. */
export const isDemoSecret = (secret: string) => /_demo$/i.test(secret) || secret.length < 24;
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** Distinct byte values a signing key must have: a random base64 or hex key of 32+ bytes has 16 or more. */
export const MIN_SIGNING_KEY_DISTINCT = 12;
const MAKE_ONE = 'e.g. `openssl rand -base64 48`';

/**
 * Why the secret `name` (SIGNING_KEY, ENCRYPTION_KEY) cannot serve in production, or null: unset,
 * only whitespace, shorter than 32 bytes, too few distinct bytes (one character repeated, a word
 * typed twice), or published.
 */
export function secretKeyProblem(name: string, key: string | undefined): string | null {
  if (!key) return `${name} is not set: set it to a random secret of at least ${MIN_SIGNING_KEY_BYTES} bytes (${MAKE_ONE}), the same on every server process.`;
  const bytes = Buffer.from(key, 'utf8');
  if (!key.trim()) return `${name} is only whitespace: set it to a random secret of at least ${MIN_SIGNING_KEY_BYTES} bytes (${MAKE_ONE}).`;
  if (bytes.length < MIN_SIGNING_KEY_BYTES) return `${name} is ${bytes.length} bytes long: it must be at least ${MIN_SIGNING_KEY_BYTES} bytes (${MAKE_ONE}).`;
  const distinct = new Set(bytes).size;
  if (distinct < MIN_SIGNING_KEY_DISTINCT) {
    return `${name} has only ${distinct} distinct byte${distinct === 1 ? '' : 's'}: a secret needs at least ${MIN_SIGNING_KEY_DISTINCT}, as a random one has (${MAKE_ONE}).`;
  }
  if (PUBLISHED_KEYS.has(key)) return `${name} is the development key published in the source: set a random secret of your own.`;
  return null;
}

/** Why `key` cannot sign links in production, or null. */
export const signingKeyProblem = (key: string | undefined) => secretKeyProblem('SIGNING_KEY', key);

/** Why a production server must not start; empty when it may. Each line says what is wrong and what to do. */
export async function productionProblems(dbh: DbHandle, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const problems: string[] = [];
  // Links are signed with SIGNING_KEY; partner credentials are sealed with ENCRYPTION_KEY (keep it: without it they are lost).
  for (const name of ['SIGNING_KEY', 'ENCRYPTION_KEY']) {
    const problem = secretKeyProblem(name, env[name]);
    if (problem) problems.push(problem);
  }
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is not set: set it to the address users open (e.g. https://ship.example.in); e-mailed links and Secure cookies depend on it.');
  const demoUsers = await demoUsersPresent(dbh.db);
  if (demoUsers.length) {
    problems.push(`Demo users are present (${demoUsers.join(', ')}), whose passwords are published: start production on a database made by \`npm run setup\`, not one seeded with demo data.`);
  }
  const demoSecrets = (await webhookSecrets(dbh.db)).filter((p) => isDemoSecret(p.hmac_secret)).map((p) => p.code);
  if (demoSecrets.length) {
    problems.push(`Courier webhook secrets are the demo ones (${demoSecrets.join(', ')}): run \`npm run setup -- --rotate-webhook-secrets\` and give each courier its new secret.`);
  }
  return problems;
}

export type WebhookSecret = { code: string; name: string; active: boolean; url: string; secret: string };

/** Every courier's webhook address and secret, for the admin to give to the courier. */
export async function listWebhookSecrets(dbh: DbHandle, publicUrl: string): Promise<WebhookSecret[]> {
  const base = publicUrl.replace(/\/$/, '');
  return (await webhookSecrets(dbh.db)).map((p) => ({
    code: p.code, name: p.name, active: Number(p.status) === 1, url: `${base}/api/webhooks/carrier/${p.code}`, secret: p.hmac_secret,
  }));
}

/** A new secret for one courier (the old one stops working at once). Answers it, or null for an unknown courier. */
export async function rotateWebhookSecret(dbh: DbHandle, code: string): Promise<string | null> {
  const secret = newWebhookSecret();
  return (await replaceWebhookSecret(dbh.db, code, secret)) ? secret : null;
}

export type InstallReport = { couriersAdded: string[]; secretsRotated: string[]; admin: { email: string; password: string | null } | null };

/**
 * Prepares a database for production, idempotently: adds the couriers with
 * generated webhook secrets, replaces demo secrets (or, with `rotateAll`, every
 * secret), and creates the first admin when there is none with that e-mail.
 * The admin's password is generated unless one is given, and shown only once.
 */
export async function install(dbh: DbHandle, opts: { adminEmail?: string; adminName?: string; adminPassword?: string; rotateAll?: boolean }): Promise<InstallReport> {
  const couriersAdded = await addMissingCouriers(dbh.db, newWebhookSecret);
  // Rate cards and zones start from the demo cards (platform settings: edit them to your contracts).
  if (!(await hasRateCards(dbh.db))) await seedCarriers(dbh);
  const secretsRotated: string[] = [];
  for (const p of await webhookSecrets(dbh.db)) {
    if (couriersAdded.includes(p.code) || (!opts.rotateAll && !isDemoSecret(p.hmac_secret))) continue;
    await setWebhookSecret(dbh.db, p.code, newWebhookSecret());
    secretsRotated.push(p.code);
  }
  let admin: InstallReport['admin'] = null;
  if (opts.adminEmail) {
    const email = opts.adminEmail.trim().toLowerCase();
    if (await emailTaken(dbh.db, email)) {
      admin = { email, password: null };
    } else {
      const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
      await insertAdmin(dbh.db, { id: uuidv7(), email, name: opts.adminName ?? 'Administrator', passwordHash: await hashPassword(password), now: nowIso() });
      admin = { email, password };
    }
  }
  return { couriersAdded, secretsRotated, admin };
}
