// The signed-out pages as someone opens them on a 360 px handheld or phone (a
// packer signing in on the scanner, a seller signing up on a phone): every
// control, each of the sign-in page's app tabs included, lies inside the
// screen's width, and nothing scrolls sideways.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch } from './browser';
import { fitProblems } from './handheld-helpers';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('signed-out pages at 360 px', () => {
  it('sign-in and both sign-ups: every control and app tab on screen, no sideways scroll', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of ['/login', '/signup?kind=company', '/signup?kind=warehouse']) {
      await page.goto(`${baseURL}${path}`);
      await page.getByRole('button', { name: /^(Sign in|Signup)$/ }).waitFor();
      for (const p of await fitProblems(page)) found.push(`${path}: ${p.what} ${p.problem}`);
      // The app tabs are labels over hidden radios: each must show whole.
      const tabs = await page.locator('.mantine-SegmentedControl-label').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { text: (el as HTMLElement).innerText, left: r.left, right: r.right, clipped: el.scrollWidth > el.clientWidth + 1 };
        }),
      );
      for (const t of tabs) if (t.left < 0 || t.right > 360 || t.clipped) found.push(`${path}: tab "${t.text}" at x ${Math.round(t.left)}-${Math.round(t.right)}${t.clipped ? ', cut off' : ''}`);
    }
    await context.close();
    expect(found).toEqual([]);
  });
});
