// Writes docs/ROLES.md from the role matrix (edge-api/lib/role-matrix.ts) and the app's routes.
import fs from 'node:fs';
import pino from 'pino';
import { connect } from '../db/connect';
import { createApp } from '../edge-api/app';
import { rolesMarkdown } from '../edge-api/lib/role-matrix-doc';

const dbh = connect({ file: ':memory:' });
const app = createApp({ dbh, logger: pino({ level: 'silent' }) });
fs.writeFileSync('docs/ROLES.md', rolesMarkdown(app.routes));
await dbh.destroy();
console.log('docs/ROLES.md written');
