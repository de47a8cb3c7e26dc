// Bounds on the shape of an XML document, checked by a scan of its text before (or as) a parser reads it: the
// depth of nesting, the number of elements, the attributes of an element and their size, the length of a run of
// text and of any one piece of markup. A parser's cost can grow faster than the size of its input (a namespace
// resolved by walking the open elements, a tree built recursively), so a small hostile file could hold the process
// for minutes; the scan is linear, holds no more than a few counters, and stops at the first bound passed.
// DOCTYPE declarations are refused too: none of the formats Tase reads has one, and their entities expand.

export interface XmlLimits {
  /** Elements open at once, the root counted. */
  maxDepth: number;
  maxElements: number;
  /** Attributes of one element (namespace declarations counted). */
  maxAttributes: number;
  /** Characters of one attribute value. */
  maxAttributeLength: number;
  /** Characters of text between two tags (a CDATA section or comment counted alike). */
  maxTextLength: number;
  /** Characters of one tag or processing instruction, its attributes included. */
  maxMarkupLength: number;
}

/** What every XML document Tase reads keeps within; a format lowers or raises single bounds. */
export const XML_LIMITS: XmlLimits = {
  maxDepth: 64,
  maxElements: 1_000_000,
  maxAttributes: 32,
  maxAttributeLength: 4096,
  maxTextLength: 64 * 1024,
  maxMarkupLength: 256 * 1024,
};

export class XmlLimitError extends Error {
  override name = 'XmlLimitError';
  readonly line: number;
  readonly reason: string;
  constructor(line: number, reason: string) {
    super(`line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
}

const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

// what the scan is inside of (plain numbers: the sources run with types stripped, which allows no enum)
const TEXT = 0;
/** After `<`, not yet knowing what markup follows. */
const OPEN = 1;
/** After `<!`, collecting enough to tell a comment from CDATA. */
const DECLARATION = 2;
const START_TAG = 3;
const END_TAG = 4;
const COMMENT = 5;
const CDATA = 6;
const INSTRUCTION = 7;

/**
 * A running check of one document fed in pieces; throws XmlLimitError at the first bound passed, naming the line.
 * It does not check well-formedness (a document cut short passes): the parser after it does.
 */
export class XmlLimitCheck {
  readonly #limits: XmlLimits;
  #state = TEXT;
  #depth = 0;
  #elements = 0;
  #attributes = 0;
  #quote = 0;
  #valueLength = 0;
  #markupLength = 0;
  #textLength = 0;
  #selfClosing = false;
  /** The characters after `<!` seen so far, or the tail of a comment or CDATA section (to find its end). */
  #pending = '';
  /** Lines of the pieces before this one. */
  #line = 1;

  constructor(limits: Partial<XmlLimits> = {}) {
    this.#limits = { ...XML_LIMITS, ...limits };
  }

  /** Lines are counted only when a bound is passed: those of the pieces before, and of this one up to `at`. */
  #fail(chunk: string, at: number, what: string): never {
    let line = this.#line;
    for (let n = chunk.indexOf('\n'); n >= 0 && n < at; n = chunk.indexOf('\n', n + 1)) line++;
    throw new XmlLimitError(line, what);
  }

  write(chunk: string): void {
    this.#scan(chunk);
    for (let n = chunk.indexOf('\n'); n >= 0; n = chunk.indexOf('\n', n + 1)) this.#line++;
  }

  #scan(chunk: string): void {
    const limits = this.#limits;
    const length = chunk.length;
    let i = 0;
    while (i < length) {
      switch (this.#state) {
        case TEXT: {
          // a run of text is skipped whole: only its length matters
          const next = chunk.indexOf('<', i);
          const end = next < 0 ? length : next;
          this.#textLength += end - i;
          if (this.#textLength > limits.maxTextLength)
            this.#fail(chunk, end, `a text is longer than ${limits.maxTextLength} characters`);
          if (next < 0) return;
          i = next + 1;
          this.#state = OPEN;
          this.#markupLength = 1;
          break;
        }
        case OPEN: {
          const c = chunk.charCodeAt(i);
          if (c === SLASH) {
            this.#state = END_TAG;
            i++;
          } else if (c === BANG) {
            this.#state = DECLARATION;
            this.#pending = '';
            i++;
          } else if (c === QUESTION) {
            this.#state = INSTRUCTION;
            this.#pending = '';
            i++;
          } else {
            this.#textLength = 0;
            this.#state = START_TAG;
            this.#attributes = 0;
            this.#quote = 0;
            this.#selfClosing = false;
          }
          break;
        }
        case DECLARATION: {
          this.#pending += chunk[i++];
          const seen = this.#pending;
          if (seen === '--') {
            this.#state = COMMENT;
            this.#pending = '';
          } else if (seen === '[CDATA[') {
            this.#state = CDATA;
            this.#pending = '';
          } else if (!'--'.startsWith(seen) && !'[CDATA['.startsWith(seen)) {
            this.#fail(
              chunk,
              i,
              /^d/i.test(seen) ? 'a DOCTYPE is not allowed' : 'a declaration other than CDATA is not allowed',
            );
          }
          break;
        }
        case START_TAG:
          i = this.#startTag(chunk, i);
          break;
        case END_TAG: {
          const next = chunk.indexOf('>', i);
          const end = next < 0 ? length : next;
          this.#markupLength += end - i;
          if (this.#markupLength > limits.maxMarkupLength)
            this.#fail(chunk, end, `a tag is longer than ${limits.maxMarkupLength} characters`);
          if (next < 0) return;
          i = next + 1;
          if (this.#depth > 0) this.#depth--;
          this.#state = TEXT;
          this.#textLength = 0;
          break;
        }
        default:
          i = this.#section(chunk, i);
      }
    }
  }

  /** Inside a start tag: counts its attributes and their lengths up to its `>`; the position after what it read. */
  #startTag(chunk: string, from: number): number {
    const limits = this.#limits;
    const length = chunk.length;
    // the hot loop of the scan: its state in locals, written back once
    let quote = this.#quote;
    let valueLength = this.#valueLength;
    let markupLength = this.#markupLength;
    let attributes = this.#attributes;
    let selfClosing = this.#selfClosing;
    let i = from;
    let closed = false;
    for (; i < length; i++) {
      const c = chunk.charCodeAt(i);
      markupLength++;
      if (quote !== 0) {
        if (c === quote) quote = 0;
        else if (++valueLength > limits.maxAttributeLength)
          this.#fail(chunk, i, `an attribute value is longer than ${limits.maxAttributeLength} characters`);
        continue;
      }
      if (c === GT) {
        closed = true;
        i++;
        break;
      }
      if (c === DQUOTE || c === SQUOTE) {
        quote = c;
        valueLength = 0;
      } else if (c === EQUALS && ++attributes > limits.maxAttributes) {
        this.#fail(chunk, i, `an element has more than ${limits.maxAttributes} attributes`);
      }
      if (c > 0x20) selfClosing = c === SLASH;
    }
    if (markupLength > limits.maxMarkupLength)
      this.#fail(chunk, i, `a tag is longer than ${limits.maxMarkupLength} characters`);
    this.#quote = quote;
    this.#valueLength = valueLength;
    this.#markupLength = markupLength;
    this.#attributes = attributes;
    this.#selfClosing = selfClosing;
    if (closed) {
      if (++this.#elements > limits.maxElements)
        this.#fail(chunk, i, `the document has more than ${limits.maxElements} elements`);
      if (!selfClosing && ++this.#depth > limits.maxDepth)
        this.#fail(chunk, i, `elements are nested more than ${limits.maxDepth} deep`);
      this.#state = TEXT;
      this.#textLength = 0;
    }
    return i;
  }

  /** Inside a comment, CDATA section or processing instruction, up to its end; the position after what it read. */
  #section(chunk: string, from: number): number {
    const limits = this.#limits;
    const length = chunk.length;
    const state = this.#state;
    // ends with `-->`, `]]>` or `?>`
    const closer = state === COMMENT ? '-->' : state === CDATA ? ']]>' : '?>';
    const inText = state === CDATA;
    // the end may straddle two pieces: the last characters of the piece before are searched with this one
    const carried = this.#pending;
    const joined = carried + chunk.slice(from, from + closer.length);
    const early = joined.indexOf(closer);
    let end: number;
    if (early >= 0) end = from + early + closer.length - carried.length;
    else {
      const found = chunk.indexOf(closer, from);
      end = found < 0 ? -1 : found + closer.length;
    }
    const taken = (end < 0 ? length : end) - from;
    const bound = inText ? limits.maxTextLength : limits.maxMarkupLength;
    const count = inText ? (this.#textLength += taken) : (this.#markupLength += taken);
    if (count > bound)
      this.#fail(
        chunk,
        from + Math.min(taken, bound),
        inText
          ? `a text is longer than ${limits.maxTextLength} characters`
          : `a comment or processing instruction is longer than ${limits.maxMarkupLength} characters`,
      );
    if (end < 0) {
      this.#pending = (carried + chunk.slice(from)).slice(-(closer.length - 1));
      return length;
    }
    this.#pending = '';
    this.#state = TEXT;
    if (!inText) this.#textLength = 0;
    return end;
  }
}

/** Checks a whole document at once. */
export function checkXmlLimits(xml: string, limits: Partial<XmlLimits> = {}): void {
  new XmlLimitCheck(limits).write(xml);
}
