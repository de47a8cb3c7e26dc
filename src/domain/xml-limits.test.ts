import { describe, expect, it } from 'vitest';
import { checkXmlLimits, XmlLimitCheck, XmlLimitError } from './xml-limits.ts';

const refusal = (xml: string, limits = {}) => {
  try {
    checkXmlLimits(xml, limits);
  } catch (err) {
    if (err instanceof XmlLimitError) return err.message;
    throw err;
  }
  return undefined;
};

describe('the shape check of XML documents', () => {
  it('lets through documents within the bounds, comments, CDATA, instructions and > in attribute values', () => {
    const xml =
      '<?xml version="1.0"?>\n<!-- a -- comment -->\n<a x="1 > 0" y=\'/\'><b/><c><![CDATA[<not a tag>]]></c><?pi x?></a>';
    expect(refusal(xml)).toBeUndefined();
    expect(refusal(xml, { maxDepth: 2, maxElements: 4, maxAttributes: 2 })).toBeUndefined();
  });

  it('refuses each bound passed, naming the line', () => {
    expect(refusal('<a>'.repeat(32_000))).toBe('line 1: elements are nested more than 64 deep');
    expect(refusal(`<r>${'<a/>'.repeat(11)}</r>`, { maxElements: 11 })).toMatch(/more than 11 elements/);
    expect(refusal(`<a ${Array.from({ length: 33 }, (_, i) => `x${i}="1"`).join(' ')}/>`)).toMatch(
      /more than 32 attributes/,
    );
    expect(refusal(`<a x="${'y'.repeat(4097)}"/>`)).toMatch(/attribute value is longer than 4096/);
    expect(refusal(`<a>\n\n${'y'.repeat(65_537)}</a>`)).toBe('line 3: a text is longer than 65536 characters');
    expect(refusal(`<a><![CDATA[${'y'.repeat(65_537)}]]></a>`)).toMatch(/a text is longer/);
    expect(refusal(`<a><!--${'y'.repeat(300_000)}--></a>`)).toMatch(/comment or processing instruction/);
    expect(refusal('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a/>')).toMatch(/DOCTYPE is not allowed/);
  });

  it('reads a document in pieces cut anywhere as it reads it whole', () => {
    const xml = `<a x="1>2"><!-- c --><![CDATA[x]]>${'<b>t</b>'.repeat(40)}<?p q?></a>`;
    for (const size of [1, 2, 3, 7]) {
      const check = new XmlLimitCheck({ maxDepth: 2, maxElements: 41, maxAttributes: 1 });
      for (let at = 0; at < xml.length; at += size) check.write(xml.slice(at, at + size));
    }
    const deep = new XmlLimitCheck();
    expect(() => {
      for (let i = 0; i < 100; i++) deep.write('<a\n>');
    }).toThrow('line 66: elements are nested more than 64 deep');
  });
});
