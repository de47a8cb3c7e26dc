// Texts fitted to a width: what is kept fits with its ellipsis and is the longest start that does (within one
// glyph, where a kerning pair across the cut decides), long texts are fitted without measuring every start, and
// the widths are the ones pdfkit writes, word by word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitText, textWidth, type FontWeight } from '../src/domain/invoice-output/fonts.ts';

const ELLIPSIS = '…';

describe('fitText', () => {
  it('keeps a text that fits whole', () => {
    expect(fitText('Huoltotyö', 9, 'regular', 200)).toBe('Huoltotyö');
    expect(fitText('', 9, 'regular', 10)).toBe('');
  });

  it('cuts a long text to the longest start that fits with an ellipsis', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'AVTaeoifl ÄÖåWy.,-0123456789€'), minLength: 1, maxLength: 300 }),
        fc.integer({ min: 20, max: 500 }),
        fc.constantFrom<FontWeight>('regular', 'bold'),
        fc.constantFrom(7, 8, 9, 14),
        (text, maxWidth, weight, size) => {
          const shown = fitText(text, size, weight, maxWidth);
          if (shown === text) {
            expect(textWidth(text, size, weight)).toBeLessThanOrEqual(maxWidth);
            return;
          }
          expect(shown.endsWith(ELLIPSIS)).toBe(true);
          const kept = [...shown.slice(0, -1)];
          const points = [...text];
          expect(points.slice(0, kept.length)).toEqual(kept);
          if (kept.length > 1) expect(textWidth(shown, size, weight)).toBeLessThanOrEqual(maxWidth + 1e-9);
          // two more characters (one for a kerning pair across the cut) no longer fit
          const longer = points.slice(0, kept.length + 2).join('');
          if (longer.length < text.length && longer.trimEnd() === longer)
            expect(textWidth(`${longer}${ELLIPSIS}`, size, weight)).toBeGreaterThan(maxWidth);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fits a 512-character text in well under a millisecond once its words are known', () => {
    const text = 'Pitkä rivin kuvaus, jossa on paljon sanoja ja ÄÖÅ-merkkejä '.repeat(9).slice(0, 512);
    fitText(text, 8, 'regular', 507);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) fitText(text, 8, 'regular', 507);
    expect((performance.now() - started) / 1000).toBeLessThan(1);
  });

  it('cuts a text of one long word', () => {
    const shown = fitText('x'.repeat(512), 9, 'regular', 220);
    expect(shown.endsWith(ELLIPSIS)).toBe(true);
    expect(textWidth(shown, 9, 'regular')).toBeLessThanOrEqual(220);
    expect(textWidth(`x${shown}`, 9, 'regular')).toBeGreaterThan(220);
  });
});
