// The journal's cache of shown answers: an answer sent again and again (a product polled, kept as one text by the
// read caches) is parsed and redacted once. One cache per journal, so one app's answers never meet another's.
import { redactedBody } from '../platform/log-redaction.ts';

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
    let shown = this.#byText.get(text);
    if (shown !== undefined) return shown;
    try {
      shown = this.#cut(JSON.stringify(redactedBody(JSON.parse(text))));
    } catch {
      shown = this.#cut(text);
    }
    if (text.length <= KEPT_CHARS) {
      if (this.#byText.size >= KEPT) this.#byText.delete(this.#byText.keys().next().value!);
      this.#byText.set(text, shown);
    }
    return shown;
  }
}
