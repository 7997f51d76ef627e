import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build-server.mjs';
import { CHROMIUM, CHROMIUM_ARGS, SHARED_BROWSER_ENV } from './browser';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * The browser suite's servers run the server bundled once (plain node, as `npm start` runs it),
 * and start from this run's seeded templates (tests/e2e/server.ts). The environment set here is
 * the test files' too. Then one server for the suite (files that need their own start one with
 * startServer()) and one Chromium, which the files' launch() connects to (tests/e2e/browser.ts).
 */
export default async function setup(project: TestProject) {
  await buildServer();
  process.env.SD_SERVER_BUNDLE = path.resolve('dist-server/server.mjs');
  const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-e2e-templates-'));
  process.env.SD_E2E_TEMPLATES = templates;
  const [server, browser] = await Promise.all([
    startServer(),
    chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
  ]);
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  project.provide('baseURL', server.url);
  return async () => {
    await browser.close();
    await server.stop();
    fs.rmSync(templates, { recursive: true, force: true });
  };
}
