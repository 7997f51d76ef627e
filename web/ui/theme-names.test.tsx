// @vitest-environment jsdom
// Icon-only controls the theme names for screen readers (axe's button-name rule):
// a notification's close button can show on any screen, the sign-in page included.
import { MantineProvider, Notification } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserShims } from '../test/renderInApp';
import { theme } from './theme';

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
});
