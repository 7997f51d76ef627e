// One job worker in its own process, for tests/api/jobs-run-once.test.ts: runs the next job of the
// SQLite file SQLITE_FILE with a lease of LEASE_MS, prints what happened, and exits.
import pino from 'pino';
import { connect } from '../../db/connect';
import { defaultConfig } from '../../edge-api/app';
import { runOneJob } from '../../edge-api/jobs/runner';
import { TEST_JOB_HANDLERS } from './job-fixtures';

const dbh = connect({ file: process.env.SQLITE_FILE! });
const log = pino({ level: 'warn' }, pino.destination(2));
const ran = await runOneJob(dbh, defaultConfig({ dataDir: process.env.DATA_DIR! }), log, TEST_JOB_HANDLERS, { leaseMs: Number(process.env.LEASE_MS) });
process.stdout.write(`worker-done ${ran}\n`);
await dbh.destroy();
