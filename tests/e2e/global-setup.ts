import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * The browser suite's servers run the server bundled once (plain node, as `npm start` runs it),
 * and start from this run's seeded templates (tests/e2e/server.ts). The environment set here is
 * the test files' too. Then one server for the suite; files that need their own start one with startServer().
 */
export default async function setup(project: TestProject) {
  await buildServer();
  process.env.SD_SERVER_BUNDLE = path.resolve('dist-server/server.mjs');
  const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-templates-'));
  process.env.SD_E2E_TEMPLATES = templates;
  const server = await startServer();
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(templates, { recursive: true, force: true });
  };
}
