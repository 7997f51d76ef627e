// E-mail verification in the browser: a new seller sees that
// the address is unverified (account menu, profile), opens the e-mailed link and
// is told it worked; the same link again is refused with its reason. At 360 px
// (a phone) and 1366 px (a laptop), nothing is wider than the screen.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_USED, EMAIL_VERIFIED } from '../../domain/auth';
import { launch, signInUI, shot } from './browser';
import { startServer } from './server';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startServer({ orders: 5 })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const EMAIL = 'owner@konkanfoods.in';
const SIGNUP = {
  name: 'Konkan Foods LLP', email: EMAIL, phone: '9822012345', pan: 'ABCPK1234K', gst: '27ABCPK1234K1Z5', website: 'www.konkanfoods.in',
  poc: 'Prakash Naik', pocPhone: '9922012345', password: 'Kokum@2026', confirmPassword: 'Kokum@2026',
  address: { line1: '3, Station Road', line2: 'Ratnagiri', city: 'Ratnagiri', state: 'Maharashtra', pincode: '415612' },
};

/** The token of the newest verification link the server's job put in the outbox. */
async function mailedToken(to: string): Promise<string> {
  const db = new Database(path.join(server.dir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    for (let i = 0; i < 100; i++) {
      const row = db.prepare('SELECT body FROM mail_outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1').get(to) as { body: string } | undefined;
      const m = row && /token=([A-Za-z0-9_-]+)/.exec(row.body);
      if (m) return m[1];
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    db.close();
  }
  throw new Error(`no verification mail to ${to}`);
}

async function noSideScroll(page: Page, what: string) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${what}: page wider than the screen`).toBeLessThanOrEqual(client);
}

describe('e-mail verification (browser)', () => {
  it('a new seller is asked to verify, opens the link, and a used link is refused; fits 360 and 1366 px', async () => {
    const r = await fetch(`${server.url}/api/auth/signup/company`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SIGNUP) });
    expect(r.status).toBe(201);
    const token = await mailedToken(EMAIL);

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await phone.newPage();
    await signInUI(page, server.url, EMAIL, 'Kokum@2026', 'Seller');
    await page.waitForURL(/\/orders/);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'E-mail not verified — Send verification link' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/profile`);
    await page.getByTestId('email-not-verified').waitFor();
    await noSideScroll(page, 'profile at 360 px');
    await shot(page, 'verify-email-profile-360').catch(() => {});

    // The link opens in another tab of the same (signed-in) browser.
    const tab = await phone.newPage();
    await tab.goto(`${server.url}/verify-email?token=${token}`);
    await tab.getByText(EMAIL_VERIFIED).waitFor();
    await noSideScroll(tab, 'verified at 360 px');
    await shot(tab, 'verify-email-ok-360').catch(() => {});
    await page.goto(`${server.url}/profile`);
    await page.getByTestId('email-verified').waitFor();
    await phone.close();

    // Opened again, signed out, on a laptop: refused with the reason, and a way on.
    const laptop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const again = await laptop.newPage();
    await again.goto(`${server.url}/verify-email?token=${token}`);
    await again.getByText(EMAIL_LINK_USED).waitFor();
    await again.getByRole('button', { name: 'Sign in to ask for a new link' }).waitFor();
    await noSideScroll(again, 'used link at 1366 px');
    await shot(again, 'verify-email-used-1366').catch(() => {});
    await laptop.close();
  });
});
