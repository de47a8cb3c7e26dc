// The typeface of every rendered invoice: DejaVu Sans (free licence, wide Latin coverage: ä ö å € …), loaded from
// the `dejavu-fonts-ttf` package, so the image and the PDF look the same wherever the service runs and the PDF
// embeds its fonts (as PDF/A requires).
// Text is measured and drawn word by word, each word with the space or tab after it, as pdfkit lays out what it
// writes: a width measured here is the width the PDF shows, and a word seen before is not shaped again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

const require = createRequire(import.meta.url);

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

const ELLIPSIS = '…';

/** A shaped word: its glyphs, their positions and its advance, in font units. */
interface WordRun {
  glyphs: Fontkit.Glyph[];
  positions: Fontkit.GlyphPosition[];
  advance: number;
}

interface LoadedFont {
  font: Fontkit.Font;
  runs: Map<string, WordRun>;
}

/** Shaped words kept per weight; past this many the cache starts over, so odd texts cannot grow it without end. */
const RUN_CACHE_LIMIT = 50_000;

const loaded = new Map<FontWeight, LoadedFont>();

function loadedFont(weight: FontWeight): LoadedFont {
  let entry = loaded.get(weight);
  if (!entry) {
    const bytes = readFileSync(require.resolve(FILES[weight]));
    // loaded with the first font, not at start
    const fontkit = require('fontkit') as typeof Fontkit;
    entry = { font: fontkit.create(bytes) as Fontkit.Font, runs: new Map() };
    loaded.set(weight, entry);
  }
  return entry;
}

/** The font as pdfkit's registerFont takes it. */
export function pdfFont(weight: FontWeight): Buffer {
  // pdfkit takes a parsed font too (its types know only bytes): the glyphs are parsed once, not once per document
  return loadedFont(weight).font as unknown as Buffer;
}

function runOf(entry: LoadedFont, word: string): WordRun {
  let run = entry.runs.get(word);
  if (!run) {
    const shaped = entry.font.layout(word);
    run = { glyphs: shaped.glyphs, positions: shaped.positions, advance: shaped.advanceWidth };
    if (entry.runs.size >= RUN_CACHE_LIMIT) entry.runs.clear();
    entry.runs.set(word, run);
  }
  return run;
}

/** `text` cut as pdfkit cuts it before shaping: after every space and tab. */
function wordsOf(text: string): string[] {
  return text.match(/[^ \t]*[ \t]|[^ \t]+/g) ?? [];
}

function advanceOf(entry: LoadedFont, text: string): number {
  let advance = 0;
  for (const word of wordsOf(text)) advance += runOf(entry, word).advance;
  return advance;
}

/** Width of `text` set at `size` points. */
export function textWidth(text: string, size: number, weight: FontWeight): number {
  const entry = loadedFont(weight);
  return (advanceOf(entry, text) / entry.font.unitsPerEm) * size;
}

/**
 * `text` as it fits in `maxWidth` points at `size`: whole, or its longest start that fits with an ellipsis after
 * it (at least its first character). Each word is shaped once and the cut is read from the glyphs' advances, so
 * the work grows with the part that fits, not with the square of the text's length.
 */
export function fitText(text: string, size: number, weight: FontWeight, maxWidth: number): string {
  const entry = loadedFont(weight);
  const limit = (maxWidth * entry.font.unitsPerEm) / size;
  const words = wordsOf(text);
  // the words that fit whole; only the first one that does not is shaped beyond them
  let used = 0;
  let cut = 0;
  while (cut < words.length && used + runOf(entry, words[cut]).advance <= limit)
    used += runOf(entry, words[cut++]).advance;
  if (cut === words.length) return text;

  const room = limit - runOf(entry, ELLIPSIS).advance;
  const fits = (shown: string) => advanceOf(entry, `${shown}${ELLIPSIS}`) <= limit;
  const withEllipsis = (shown: string) => `${shown.trimEnd() || [...text][0]}${ELLIPSIS}`;

  // the cut from the glyphs of those words and the next, their advances summed once
  const kept: string[] = [];
  let width = 0;
  let candidate = '';
  for (let i = 0; i <= cut; i++) {
    const run = runOf(entry, words[i]);
    const points = [...words[i]];
    const covered = run.glyphs.reduce((sum, glyph) => sum + glyph.codePoints.length, 0);
    if (covered !== points.length) {
      // a shaping that does not map glyphs to characters one way: cut this word by measuring its starts
      candidate = kept.join('') + longestStart(points, (start) => fits(kept.join('') + start));
      break;
    }
    let taken = 0;
    let g = 0;
    while (g < run.glyphs.length && width + run.positions[g].xAdvance <= room) {
      width += run.positions[g].xAdvance;
      taken += run.glyphs[g++].codePoints.length;
    }
    if (g < run.glyphs.length) {
      candidate = kept.join('') + points.slice(0, taken).join('');
      break;
    }
    kept.push(words[i]);
  }
  if (fits(candidate.trimEnd())) return withEllipsis(candidate);
  // a kerning pair or ligature across the cut made it a little wider: find the cut by measuring (log n shapes)
  const points = [...candidate];
  return withEllipsis(longestStart(points, (start) => fits(start.trimEnd())));
}

/** The longest start of `points` that `fits` says fits (binary search: fitting shrinks as the start grows). */
function longestStart(points: string[], fits: (start: string) => boolean): string {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(points.slice(0, middle).join(''))) low = middle;
    else high = middle - 1;
  }
  return points.slice(0, low).join('');
}

/** The outline of `text` as an SVG path, its baseline's left end at (x, y) of a y-down page. */
export function textOutline(text: string, x: number, y: number, size: number, weight: FontWeight): string {
  const entry = loadedFont(weight);
  const scale = size / entry.font.unitsPerEm;
  let pen = 0;
  const parts: string[] = [];
  for (const word of wordsOf(text)) {
    const run = runOf(entry, word);
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i];
      const path = glyph.path
        .scale(scale, -scale)
        .translate(x + (pen + position.xOffset) * scale, y - position.yOffset * scale);
      parts.push(path.toSVG());
      pen += position.xAdvance;
    });
  }
  return parts.join('');
}
