import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
}

const palette = (name: string) => theme.colors?.[name] ?? [];
const WHITE = '#ffffff';
/** Mantine's gray.0 (the footer) and gray.7 (dimmed text), which the theme keeps. */
const GRAY_0 = '#f8f9fa';
const GRAY_7 = '#495057';

describe('theme contrast (WCAG AA, 4.5:1 for small text)', () => {
  it('the primary colour: buttons, links, light buttons, the footer', () => {
    const teal = palette('teal');
    expect(theme.primaryShade).toEqual({ light: 9, dark: 6 });
    expect(contrast(WHITE, teal[9] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(teal[9] ?? '', teal[1] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(teal[9] ?? '', GRAY_0)).toBeGreaterThanOrEqual(4.5);
    // The filled hover shade, and 'teal.8' text.
    expect(contrast(WHITE, teal[8] ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it("red.6 (the calendar's weekend days) and the error colour red.8 read on white", () => {
    expect(contrast(palette('red')[6] ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette('red')[8] ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text is gray.7, on white and on the footer', () => {
    expect(contrast(GRAY_7, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(GRAY_7, GRAY_0)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['teal', 'green', 'lime', 'yellow', 'orange', 'red'])(
    '%s: filled (white on 9), light (9 on 1) and text (8 on white)',
    (name) => {
      const colours = palette(name);
      expect(contrast(WHITE, colours[9] ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colours[9] ?? '', colours[1] ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colours[8] ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
