/**
 * `npm run setup -- --admin-email you@example.in [--admin-name "Name"] [--rotate-webhook-secrets]`
 *
 * Prepares the database named by DATABASE_URL (or SQLITE_FILE) for production:
 * migrates it, loads the pincode directory, adds the couriers with webhook
 * secrets generated for this install, replaces demo secrets, and creates the
 * first admin with a generated password. Safe to run again: it only adds what
 * is missing (and rotates every secret when asked). Prints the admin's
 * password once and every courier's webhook address and secret.
 */
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { loadPincodes } from '../db/pincodes/load';
import { loadConfig } from './config';
import { install, listWebhookSecrets } from './services/install/production';
import { backfillInvoices, describeBackfill } from './services/billing/backfill-invoices';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const known = new Set(['--admin-email', '--admin-name', '--rotate-webhook-secrets']);
const unknown = args.filter((a, i) => a.startsWith('--') && !known.has(a) && !(i > 0 && known.has(args[i - 1])));
if (unknown.length || args.includes('--help')) {
  console.error('Usage: npm run setup -- --admin-email you@example.in [--admin-name "Name"] [--rotate-webhook-secrets]');
  process.exit(unknown.length ? 2 : 0);
}

const dbh = connect();
try {
  await migrateToLatest(dbh.db);
  const pins = await loadPincodes(dbh.db);
  if (!pins.skipped) console.log(`Loaded ${pins.inserted} pincodes.`);
  const report = await install(dbh, {
    adminEmail: arg('admin-email') ?? process.env.ADMIN_EMAIL,
    adminName: arg('admin-name'),
    adminPassword: process.env.ADMIN_PASSWORD,
    rotateAll: args.includes('--rotate-webhook-secrets'),
  });
  if (report.couriersAdded.length) console.log(`Couriers added: ${report.couriersAdded.join(', ')}.`);
  if (report.secretsRotated.length) console.log(`New webhook secrets for: ${report.secretsRotated.join(', ')} (the old ones no longer work).`);
  if (report.admin?.password) {
    console.log(`\nAdmin created: ${report.admin.email}\nPassword (shown once; sign in to the Admin app and keep it safe): ${report.admin.password}\n`);
  } else if (report.admin) {
    console.log(`\nAn account ${report.admin.email} already exists; left as it is.\n`);
  } else {
    console.log('\nNo --admin-email given: no admin created.\n');
  }
  // Orders shipped before invoices were issued at ready to ship get theirs (once; a rerun issues nothing).
  for (const line of describeBackfill(await backfillInvoices(dbh))) console.log(line);
  const config = loadConfig();
  console.log('Courier webhooks (give each courier its address and secret; admins see them at GET /api/admin/webhook-secrets):');
  for (const w of await listWebhookSecrets(dbh, config.publicUrl)) console.log(`  ${w.code.padEnd(12)} ${w.url}\n  ${''.padEnd(12)} secret ${w.secret}`);
} finally {
  await dbh.destroy();
}
