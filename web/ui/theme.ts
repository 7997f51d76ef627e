import { createTheme, darken, DEFAULT_THEME, luminance, Notification, Pagination, Table, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import classes from './theme.module.css';

/**
 * The app's theme. Packers read it under warehouse lights, so every text meets
 * WCAG AA contrast (4.5:1) by construction, not screen by screen:
 * - filled colours (buttons, badges) pick black or white text by luminance
 *   (`autoContrast`, threshold 0.179 = the point where both reach 4.5:1);
 * - the primary colour is one shade darker, so links and primary buttons pass;
 * - "dimmed" text is gray 7, not gray 6;
 * - "light" variants (pale badges and alerts) get a text colour darkened until
 *   it reaches 4.5:1 on its own pale background, hovered too (`lightTextColor`).
 * tests/e2e/a11y.test.ts runs axe-core on every screen to hold this.
 */

/** WCAG relative-luminance contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Mantine 9's light-variant background under the pointer (`light-hover`): the colour's shade 2, a step darker than its shade 1. */
const hoveredPaleBackground = (colors: MantineColorsTuple) => colors[2];

/**
 * Shade 9 of a colour, darkened in steps until it reads at 4.5:1 (plus margin) on its pale background and on
 * that background under the pointer (the active navigation link the user just clicked is hovered).
 */
export function lightTextColor(colors: MantineColorsTuple): string {
  const bg = hoveredPaleBackground(colors);
  let text = colors[9];
  for (let step = 0; step < 20 && contrastRatio(text, bg) < 4.7; step += 1) text = darken(text, 0.08);
  return text;
}

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif',
  focusRing: 'auto',
  components: {
    // The previous/next/first/last controls are icons: give them names.
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') =>
          ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] }) as Record<string, string>,
      },
    }),
    // A notification's close control is an icon (the "Installed on this device" toast can
    // show on any screen, the sign-in page included): give it a name. Under a title, Mantine
    // sets the message in gray 6 (3.3:1 on white); it reads in the dimmed gray 7 instead.
    // On a touch screen its close button is thumb-sized (theme.module.css).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      classNames: { closeButton: classes.touchClose },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    // The notices at the top stand below the header, never over its burger, sync status or user menu (theme.module.css).
    Notifications: Notifications.extend({ classNames: { root: classes.notificationsBelowHeader } }),
    // A table wider than the screen scrolls sideways: its scroll area takes keyboard
    // focus, so arrow keys reach the columns a keyboard user cannot otherwise see.
    TableScrollContainer: Table.ScrollContainer.extend({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' };
  const colors = { ...DEFAULT_THEME.colors, ...t.colors };
  for (const [name, tuple] of Object.entries(colors)) {
    if (name === 'dark') continue;
    light[`--mantine-color-${name}-light-color`] = lightTextColor(tuple);
  }
  return { variables: {}, light, dark: {} };
};
