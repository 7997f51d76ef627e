// @vitest-environment jsdom
// Icon-only controls the theme names for screen readers (axe's button-name rule):
// a notification's close button can show on any screen, the sign-in page included.
import { DEFAULT_THEME, MantineProvider, Notification } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserShims } from '../test/renderInApp';
import { contrastRatio, theme } from './theme';

beforeAll(installBrowserShims);
afterEach(cleanup);

describe('named icon controls', () => {
  it("gives a notification's close button a name", () => {
    render(
      <MantineProvider theme={theme}>
        <Notification title="Installed on this device">The app now opens without a network.</Notification>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeTruthy();
  });

  it("sets a titled notification's message in the dimmed gray, which reads at 4.5:1 on white, not Mantine's gray 6", () => {
    render(
      <MantineProvider theme={theme}>
        <Notification title="Installed on this device">The app now opens without a network.</Notification>
      </MantineProvider>,
    );
    const message = screen.getByText('The app now opens without a network.');
    expect(message.style.color).toBe('var(--mantine-color-dimmed)');
    expect(contrastRatio(DEFAULT_THEME.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(4.5);
  });
});
