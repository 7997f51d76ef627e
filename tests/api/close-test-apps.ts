// Setup file of the api-pg project: the databases a file's test apps opened are closed after its tests
// (tests/api/helpers.ts, closeTestApps), so that idle pools of finished files do not hold PostgreSQL's connections.
import { afterAll } from 'vitest';
import { closeTestApps } from './helpers';

afterAll(closeTestApps);
