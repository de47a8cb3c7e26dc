// The journal's cache of shown answers: an answer sent again and again (a product polled, kept as one text by the
// read caches) is parsed and redacted once, and one with nothing to redact is not parsed at all. One cache per
// journal, so one app's answers never meet another's.
import { mayNameSecretField, redactedBody } from '../platform/log-redaction.ts';

/** Up to KEPT texts of up to KEPT_CHARS characters; the oldest goes first. */
const KEPT = 256;
const KEPT_CHARS = 16_384;

export class ShownAnswers {
  readonly #byText = new Map<string, string>();
  readonly #cut: (text: string) => string;

  constructor(cut: (text: string) => string) {
    this.#cut = cut;
  }

  /** The JSON answer's text as the journal shows it: redacted like the log, cut to length. */
  of(text: string): string {
    const keep = text.length <= KEPT_CHARS;
    let shown = keep ? this.#byText.get(text) : undefined;
    if (shown !== undefined) return shown;
    if (!mayNameSecretField(text)) {
      // nothing to redact: shown as answered, without a parse and a copy (a page of 50 receipts asked once, as
      // when paging through a million receipts: 0.17 ms of the request's 0.73 ms)
      shown = this.#cut(text);
    } else {
      try {
        shown = this.#cut(JSON.stringify(redactedBody(JSON.parse(text))));
      } catch {
        shown = this.#cut(text);
      }
    }
    if (keep) {
      if (this.#byText.size >= KEPT) this.#byText.delete(this.#byText.keys().next().value!);
      this.#byText.set(text, shown);
    }
    return shown;
  }
}
