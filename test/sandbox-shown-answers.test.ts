// The journal's shown answers: an answer with nothing to redact is shown without being parsed, and must then read
// exactly as the parsed and redacted answer would.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactedBody } from '../src/platform/log-redaction.ts';
import { ShownAnswers } from '../src/sandbox/shown-answers.ts';

const cut = (text: string) => (text.length <= 300 ? text : `${text.slice(0, 300)}… [${text.length} characters]`);
const redactedText = (text: string) => cut(JSON.stringify(redactedBody(JSON.parse(text))));

// names of every kind: plain data, secret ones in any case, and names that hold a secret one inside
const names = fc.oneof(
  fc.string(),
  fc.constantFrom('name', 'code', 'key', 'amount', 'description', 'id'),
  fc.constantFrom('client_secret', 'Password', 'access_token', 'apiKey', 'API_KEY', 'signatureHeader', 'otp', 'x-OTP'),
);
const scalars = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
const { value: json } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalars,
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(names, tie('value'), { maxKeys: 6 }),
  ),
}));

describe('shown answers', () => {
  it('show any JSON answer as parsing and redacting it would', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = JSON.stringify(value);
        // twice: the second from the cache of shown answers
        const shown = new ShownAnswers(cut);
        expect(shown.of(text)).toBe(redactedText(text));
        expect(shown.of(text)).toBe(redactedText(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('redact a secret field whose name is spelled with escapes', () => {
    const text = '{"p\\u0061ssword":"hunter2","n\\u0061me":"Tase"}';
    const shown = new ShownAnswers(cut).of(text);
    expect(shown).toBe('{"password":"[redacted]","name":"Tase"}');
    expect(shown).not.toContain('hunter2');
  });

  it('show an answer past the cut as its beginning and its length', () => {
    const page = JSON.stringify({ results: Array.from({ length: 100 }, (_, id) => ({ id, name: `Tuote ${id}` })) });
    expect(new ShownAnswers(cut).of(page)).toBe(`${page.slice(0, 300)}… [${page.length} characters]`);
    const withSecret = JSON.stringify({ access_token: 'abc', results: [{ id: 1, name: 'x'.repeat(400) }] });
    expect(new ShownAnswers(cut).of(withSecret)).toBe(redactedText(withSecret));
    expect(new ShownAnswers(cut).of(withSecret)).toContain('[redacted]');
  });

  it('show a text that is not JSON as it is, cut', () => {
    expect(new ShownAnswers(cut).of('{"token": ')).toBe('{"token": ');
    expect(new ShownAnswers(cut).of('not json')).toBe('not json');
  });
});
