// A burst of 1,000 sign-ins (each from its own address behind the configured
// proxy, each for an unknown e-mail, so each wants a password hash) against the
// real server: the hashing queue takes what it can, every other sign-in is
// refused with 429 at once, none is lost or fails, and /api/health answers every
// probe while it lasts. How fast health answers meanwhile is a figure of
// `npm run bench` (auth.burst_health_p99_ms), not an assertion here: on a shared
// two-core machine the time is the machine's as much as the server's.
// Process-level and the same on both dialects: runs once, on SQLite (the api-pg
// project leaves it out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH } from '../../edge-api/config';
import { burstWithHealth, startBurstServer, type BurstServer } from './sign-in-burst';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-burst-'));
let server: BurstServer | undefined;

describe('a burst of 1,000 sign-ins', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    server = await startBurstServer(dir);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every sign-in is answered, those beyond the hashing queue with 429 at once; health answers every probe meanwhile', async () => {
    const { counts, health } = await burstWithHealth(server!, dir, 1000);
    expect(counts.error ?? 0).toBe(0);
    expect(Object.keys(counts).filter((s) => Number(s) >= 500)).toEqual([]);
    expect((counts['401'] ?? 0) + (counts['429'] ?? 0)).toBe(1000);
    // The running and waiting hashes (and those freed while the burst arrives) end in 401;
    // the rest are refused at once rather than queued for minutes.
    expect(counts['401']).toBeGreaterThanOrEqual(DEFAULT_AUTH.hashConcurrency + DEFAULT_AUTH.hashQueue);
    expect(counts['429']).toBeGreaterThan(500);
    // burstWithHealth rejects on any probe that is not a 200; it probes at least once.
    expect(health.length).toBeGreaterThan(0);
  });
});
