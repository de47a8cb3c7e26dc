import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeXml, encodeLatin9, XmlEncodingError } from './xml-encoding.ts';

const doc = (encoding: string, text: string) => `<?xml version="1.0" encoding="${encoding}"?>\n<a>${text}</a>`;

describe('decodeXml', () => {
  it('decodes each encoding taken by its own table and declares UTF-8 in its place', () => {
    // 0xA4 is € in ISO-8859-15 and ¤ in ISO-8859-1; 0x80 is € in Windows-1252
    expect(decodeXml(Buffer.from(`${doc('ISO-8859-15', '')}\xa4`, 'latin1'))).toBe(`${doc('UTF-8', '')}€`);
    expect(decodeXml(Buffer.from(`${doc('iso-8859-1', '')}\xa4`, 'latin1'))).toBe(`${doc('UTF-8', '')}¤`);
    expect(decodeXml(Buffer.from(`${doc('windows-1252', '')}\x80`, 'latin1'))).toBe(`${doc('UTF-8', '')}€`);
    expect(decodeXml(iconv.encode(doc('ISO-8859-15', 'Šž Œ'), 'iso-8859-15'))).toBe(doc('UTF-8', 'Šž Œ'));
    expect(decodeXml(Buffer.from(doc('UTF-8', 'Äö')))).toBe(doc('UTF-8', 'Äö'));
    // no declaration, or one without an encoding: UTF-8 (XML 1.0 §4.3.3)
    expect(decodeXml(Buffer.from('<a>ä</a>'))).toBe('<a>ä</a>');
    expect(decodeXml(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('<a>ä</a>')]))).toBe('<a>ä</a>');
    expect(decodeXml(Buffer.from(`<?xml version='1.0' encoding='latin1'?><a>\xe4</a>`, 'latin1'))).toBe(
      `<?xml version='1.0' encoding='UTF-8'?><a>ä</a>`,
    );
  });

  it('refuses an encoding not taken and bytes that are not the UTF-8 they claim', () => {
    expect(() => decodeXml(Buffer.from(doc('Shift_JIS', '')))).toThrow(XmlEncodingError);
    expect(() => decodeXml(Buffer.from(doc('UTF-16', '')))).toThrow(/unsupported encoding UTF-16/);
    expect(() => decodeXml(Buffer.from(`${doc('UTF-8', '')}\xe4`, 'latin1'))).toThrow(/not valid UTF-8/);
    // a byte-order mark says UTF-8, whatever the declaration says
    expect(() => decodeXml(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from(doc('ISO-8859-15', ''))]))).toThrow(
      XmlEncodingError,
    );
  });

  it('writes ISO-8859-15 with its declaration, what it lacks as character references, and reads it back', () => {
    const text = '<?xml version="1.0" encoding="UTF-8"?>\n<a b="Ä–">Šž € – “x” 😀</a>';
    const bytes = encodeLatin9(text);
    expect(bytes.toString('latin1')).toBe(
      '<?xml version="1.0" encoding="ISO-8859-15"?>\n<a b="\xc4&#x2013;">\xa6\xb8 \xa4 &#x2013; &#x201C;x&#x201D; &#x1F600;</a>',
    );
    expect(decodeXml(bytes)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a b="Ä&#x2013;">Šž € &#x2013; &#x201C;x&#x201D; &#x1F600;</a>',
    );
  });
});
