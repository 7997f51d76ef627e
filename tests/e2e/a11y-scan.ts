// Accessible by construction: axe-core finds no critical or
// serious violation on any screen — signed out, and as each role on every page of
// its navigation (seller, admin, warehouse and finance), each opened from the main
// navigation as its user opens it — at a 1366 px laptop (a11y-laptop.test.ts)
// and a 360 px handheld (a11y-handheld.test.ts), one file each so that the browser
// suite's two workers share them. The same visit checks that each signed-in screen fits:
// no control beyond the screen's width, nothing scrolling sideways.
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_LOGINS } from '../../db/seed-data';
import { navFor, type NavItem } from '../../web/features/shell/nav';
import type { Role } from '../../domain/roles';
import { animationsSettled, launch, signInUI } from './browser';
import { fitProblems } from './handheld-helpers';

type Found = { screen: string; rule: string; impact: string; nodes: number; help: string; targets: string[] };

async function axeViolations(page: Page) {
  return page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`), nodes: v.nodes.length }));
  });
}

/**
 * Resolves once the page has had no request in flight for 150 ms (what `networkidle` waits 500 ms for,
 * and only after a full load): a screen opened in the app has fetched what it shows.
 */
function networkQuiet(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (d: number) => () => ((inFlight += d), (lastChange = Date.now()));
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return async () => {
    await expect.poll(() => inFlight <= 0 && Date.now() - lastChange >= 150, { timeout: 30_000, interval: 50 }).toBe(true);
  };
}

async function scan(page: Page, screen: string, settled: () => Promise<void>): Promise<Found[]> {
  await settled();
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  let violations = await axeViolations(page);
  // Colours are judged as the user reads them, once transitions end: a notification that
  // slid in while axe ran (the service worker's "opens without a network") is measured
  // half-faded. Such a screen is scanned once more after settling; a real failure stays.
  if (violations.length) {
    await animationsSettled(page);
    violations = await axeViolations(page);
  }
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ screen, rule: v.id, impact: v.impact, nodes: v.nodes, help: v.help, targets: v.targets }));
}

/** Opens a screen as its user does: from the main navigation (behind the burger below the shell's 992 px breakpoint), no page load. */
async function openFromNav(page: Page, item: NavItem) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const narrow = page.viewportSize()!.width < 992;
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  if (narrow) await burger.click();
  await nav.getByRole('link', { name: item.label, exact: true }).click();
  await page.waitForURL((u) => u.pathname === item.to);
  // The drawer closes behind the choice (the burger drops data-opened); its slide ends before the screen is judged.
  if (narrow) await burger.and(page.locator(':not([data-opened])')).waitFor();
}

const report = (found: Found[]) => found.map((f) => `${f.screen}: ${f.rule} (${f.impact}, ${f.nodes} nodes) ${f.help} — ${f.targets.join(' | ')}`).join('\n');

export const SIZES = {
  laptop: { width: 1366, height: 768, touch: false },
  handheld: { width: 360, height: 640, touch: true },
} as const;

/** The file's tests: every screen at one size, in a browser of its own against the suite's server. */
export function describeAccessibility(size: (typeof SIZES)[keyof typeof SIZES]) {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    // The service worker installs as it does for a user: axe also sees the "Installed on this device" notice.
    browser = await launch({ serviceWorkers: 'allow' });
  });
  afterAll(async () => browser?.close());
  // CSP bypassed so that axe's script can be added to the page.
  const contextOptions = { bypassCSP: true, viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch };

  describe(`accessibility at ${size.width} px (axe-core: no critical or serious violation)`, () => {
    it(`signed-out screens at ${size.width} px`, async () => {
      const context = await browser.newContext(contextOptions);
      const page = await context.newPage();
      const settled = networkQuiet(page);
      const found: Found[] = [];
      for (const path of ['/login', '/signup', '/track/NOSUCHAWB123']) {
        await page.goto(`${baseURL}${path}`);
        found.push(...(await scan(page, `${path} @${size.width}`, settled)));
      }
      await context.close();
      expect(report(found)).toBe('');
    });

    for (const role of ['seller', 'admin', 'warehouse', 'finance'] as Role[]) {
      it(`every ${role} screen at ${size.width} px`, async () => {
        const login = DEMO_LOGINS.find((l) => l.role === role)!;
        const context = await browser.newContext(contextOptions);
        const page = await context.newPage();
        const settled = networkQuiet(page);
        await signInUI(page, baseURL, login.email, login.password, (role[0].toUpperCase() + role.slice(1)) as 'Seller');
        await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 90_000 });
        const found: Found[] = [];
        const unfit: string[] = [];
        for (const item of navFor(role)) {
          await openFromNav(page, item);
          found.push(...(await scan(page, `${role} ${item.to} @${size.width}`, settled)));
          // Nothing to press lies outside the screen's width, and nothing scrolls sideways (tables stack into cards on a phone).
          // Measured at rest: a notice sliding in while axe ran is not yet where it stays.
          await animationsSettled(page);
          unfit.push(...(await fitProblems(page)).map((f) => `${role} ${item.to} @${size.width}: ${f.what}: ${f.problem}`));
        }
        await context.close();
        expect(report(found)).toBe('');
        expect(unfit).toEqual([]);
      });
    }
  });
}
