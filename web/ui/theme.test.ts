import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, lightTextColor, theme } from './theme';

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  it('knows the contrast of black on white and of equal colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('gives every pale ("light") variant a text colour that reads on its background, and on it under the pointer', () => {
    for (const [name, tuple] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === 'dark') continue;
      // Mantine 9 paints light variants on the colour's shade 1, and on shade 2 while hovered (the active nav link just clicked).
      expect(contrastRatio(lightTextColor(tuple), tuple[1]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(lightTextColor(tuple), tuple[2]), `${name} hovered`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dims text and placeholders with gray 7, which reads on white', () => {
    const vars = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never);
    expect(vars.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(vars.light['--mantine-color-placeholder']).toBe('var(--mantine-color-gray-7)');
    expect(contrastRatio(DEFAULT_THEME.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('uses a primary shade whose filled buttons and links read at 4.5:1 with white', () => {
    const shade = (theme.primaryShade as { light: number }).light;
    expect(contrastRatio(DEFAULT_THEME.colors.blue[shade], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
