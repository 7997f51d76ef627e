// Checks a screen as a packer holding a 360 px handheld would: every control
// a thumb must reach lies inside the screen's width, big enough to hit, and
// nothing scrolls sideways (neither the page nor a box inside it).
import type { Page } from 'playwright-core';

export interface FitProblem {
  what: string;
  problem: string;
}

/** Interactive, visible elements: buttons, links, fields, tabs, menu items. */
const CONTROLS = 'button, a[href], input:not([type="hidden"]):not([type="file"]), textarea, select, [role="tab"], [role="menuitem"], [role="button"], [role="option"]';

/**
 * Everything wrong with the screen now: controls outside [0, width], touch
 * targets under `minTarget` px high (0 to skip), the page or an inner box
 * scrolling sideways.
 */
export async function fitProblems(page: Page, opts: { minTarget?: number; within?: string } = {}): Promise<FitProblem[]> {
  return page.evaluate(
    ({ selector, minTarget, within }) => {
      const problems: { what: string; problem: string }[] = [];
      const width = window.innerWidth;
      const name = (el: Element) => {
        const label = el.getAttribute('aria-label') || el.getAttribute('data-testid') || (el as HTMLElement).innerText || el.getAttribute('placeholder') || el.getAttribute('name') || '';
        // A control with no name at all is shown by its markup, so a person can find it.
        return `${el.tagName.toLowerCase()}${label.trim() ? ` "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"` : ` ${el.outerHTML.slice(0, 160)}`}`;
      };
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
        // Visually-hidden helpers (1 px, clipped) are not something a thumb reaches for.
        return !(r.width <= 2 && r.height <= 2);
      };
      const slidAway = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).transform !== 'none') return true;
        return false;
      };
      if (document.documentElement.scrollWidth > width + 1) problems.push({ what: 'page', problem: `scrolls sideways: ${document.documentElement.scrollWidth} px wide on a ${width} px screen` });
      const root: ParentNode = within ? (document.querySelector(within) ?? document) : document;
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const style = getComputedStyle(el);
        if (!['auto', 'scroll'].includes(style.overflowX) || el.matches('input, textarea')) continue;
        if (el.scrollWidth > el.clientWidth + 1 && visible(el)) problems.push({ what: name(el), problem: `scrolls sideways inside (${el.scrollWidth} px in ${el.clientWidth} px)` });
      }
      for (const el of Array.from(root.querySelectorAll(selector))) {
        if (!visible(el) || (el as HTMLButtonElement).disabled) continue;
        const r = el.getBoundingClientRect();
        // Wholly off screen inside a slid-away panel (the collapsed navigation): not shown, not a problem.
        if ((r.right <= 0 || r.left >= width) && slidAway(el)) continue;
        if (r.left < -1 || r.right > width + 1) problems.push({ what: name(el), problem: `outside the screen: x ${Math.round(r.left)}-${Math.round(r.right)} of ${width}` });
        if (minTarget && r.height < minTarget && !el.matches('[role="option"], a[href]:not([role])')) problems.push({ what: name(el), problem: `${Math.round(r.height)} px high, under ${minTarget} px` });
      }
      return problems;
    },
    { selector: CONTROLS, minTarget: opts.minTarget ?? 0, within: opts.within ?? null },
  );
}

/** Whether an element lies wholly in the first screenful (no scrolling) of the viewport. */
export async function inFirstScreen(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  }, testId);
}

