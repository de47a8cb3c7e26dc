import { describe, expect, it } from 'vitest';
import { findInvalidText, isWindows1252Text } from './text.ts';

describe('Windows-1252 text', () => {
  it('accepts ASCII, Latin-1 and the 0x80-0x9F letters', () => {
    expect(isWindows1252Text('Hyvää päivää, Åke! 12,50 € – “ok” Œuvre Ÿ')).toBe(true);
    expect(isWindows1252Text('tab\tnew\nline\r')).toBe(true);
  });
  it('refuses characters outside the set', () => {
    expect(isWindows1252Text('minus \u2212')).toBe(false);
    expect(isWindows1252Text('emoji 😀')).toBe(false);
    expect(isWindows1252Text('Ł')).toBe(false);
    expect(isWindows1252Text('bell \u0007')).toBe(false);
  });
  it('names the path of each invalid string', () => {
    expect(findInvalidText({ name: 'ok', rows: [{ text: 'ok' }, { text: 'x\u2212' }], a: { b: '😀' } })).toEqual([
      'rows[1].text',
      'a.b',
    ]);
  });
});
