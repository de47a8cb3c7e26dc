// The typeface of every rendered invoice: DejaVu Sans (free licence, wide Latin coverage: ä ö å € …), loaded from
// the `dejavu-fonts-ttf` package, so the image and the PDF look the same wherever the service runs and the PDF
// embeds its fonts (as PDF/A requires).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

const loaded = new Map<FontWeight, { bytes: Buffer; font: Fontkit.Font }>();

/** The font file and its parsed font (read once). */
export function fontOf(weight: FontWeight): { bytes: Buffer; font: Fontkit.Font } {
  let entry = loaded.get(weight);
  if (!entry) {
    const bytes = readFileSync(require.resolve(FILES[weight]));
    // loaded with the first font, not at start
    const fontkit = require('fontkit') as typeof Fontkit;
    entry = { bytes, font: fontkit.create(bytes) as Fontkit.Font };
    loaded.set(weight, entry);
  }
  return entry;
}

/** Width of `text` set at `size` points. */
export function textWidth(text: string, size: number, weight: FontWeight): number {
  const { font } = fontOf(weight);
  return (font.layout(text).advanceWidth / font.unitsPerEm) * size;
}

/** The outline of `text` as an SVG path, its baseline's left end at (x, y) of a y-down page. */
export function textOutline(text: string, x: number, y: number, size: number, weight: FontWeight): string {
  const { font } = fontOf(weight);
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const path = glyph.path
      .scale(scale, -scale)
      .translate(x + (pen + position.xOffset) * scale, y - position.yOffset * scale);
    parts.push(path.toSVG());
    pen += position.xAdvance;
  });
  return parts.join('');
}
