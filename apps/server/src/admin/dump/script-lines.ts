/**
 * Reads a plain pg_dump script line by line the way psql would see it: which lines start a
 * statement, which are psql meta-commands (`\restrict`), and which are the rows of a
 * `COPY ... FROM stdin` block. String literals, quoted identifiers, dollar-quoted bodies and
 * comments are followed across lines, so a text value with a line that starts with `\` or
 * `COPY ` (an INSERT-style dump keeps newlines of values literally) is never mistaken for one.
 */
export type LineKind =
  /** SQL; `statementStart` when the line begins outside any literal or comment. */
  | { kind: 'sql'; statementStart: boolean }
  | { kind: 'meta' }
  /** `COPY <target> FROM stdin;`, its rows follow up to `\.`. */
  | { kind: 'copy'; target: string }
  | { kind: 'row' }
  | { kind: 'copy-end' };

const COPY_FROM_STDIN = /^COPY (.+) FROM stdin;$/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/;
const IDENT_CHAR = /[\w$\u0080-\uffff]/;

type Quote =
  | { in: 'none' }
  | { in: 'string'; escapes: boolean }
  | { in: 'identifier' }
  | { in: 'dollar'; tag: string }
  | { in: 'comment'; depth: number };

export class ScriptLines {
  private quote: Quote = { in: 'none' };
  private copying = false;

  /** Classifies the next line (without its `\n`) and follows its quotes. */
  next(line: string): LineKind {
    if (this.copying) {
      if (line === '\\.') {
        this.copying = false;
        return { kind: 'copy-end' };
      }
      return { kind: 'row' };
    }
    const statementStart = this.quote.in === 'none';
    if (statementStart && line.startsWith('\\')) return { kind: 'meta' };
    const copy = statementStart ? COPY_FROM_STDIN.exec(line) : null;
    if (copy) {
      this.copying = true;
      return { kind: 'copy', target: copy[1]! };
    }
    this.follow(line);
    return { kind: 'sql', statementStart };
  }

  /** Whether the script ended outside any literal and COPY block (a whole script). */
  get balanced(): boolean {
    return this.quote.in === 'none' && !this.copying;
  }

  private follow(line: string): void {
    let i = 0;
    while (i < line.length) {
      const q = this.quote;
      const c = line[i]!;
      switch (q.in) {
        case 'string':
          if (q.escapes && c === '\\') i += 2;
          else if (c === "'" && line[i + 1] === "'") i += 2;
          else {
            if (c === "'") this.quote = { in: 'none' };
            i += 1;
          }
          break;
        case 'identifier':
          if (c === '"' && line[i + 1] === '"') i += 2;
          else {
            if (c === '"') this.quote = { in: 'none' };
            i += 1;
          }
          break;
        case 'dollar': {
          const end = line.indexOf(q.tag, i);
          if (end < 0) i = line.length;
          else {
            this.quote = { in: 'none' };
            i = end + q.tag.length;
          }
          break;
        }
        case 'comment':
          if (c === '*' && line[i + 1] === '/') {
            this.quote = q.depth > 1 ? { in: 'comment', depth: q.depth - 1 } : { in: 'none' };
            i += 2;
          } else if (c === '/' && line[i + 1] === '*') {
            this.quote = { in: 'comment', depth: q.depth + 1 };
            i += 2;
          } else i += 1;
          break;
        case 'none':
          i = this.outside(line, i);
          break;
      }
    }
  }

  /** One step outside any quote; returns the next position. */
  private outside(line: string, i: number): number {
    const c = line[i]!;
    if (c === '-' && line[i + 1] === '-') return line.length;
    if (c === '/' && line[i + 1] === '*') {
      this.quote = { in: 'comment', depth: 1 };
      return i + 2;
    }
    if (c === "'") {
      const prefix = line[i - 1];
      const escapes =
        (prefix === 'E' || prefix === 'e') && (i < 2 || !IDENT_CHAR.test(line[i - 2]!));
      this.quote = { in: 'string', escapes };
      return i + 1;
    }
    if (c === '"') {
      this.quote = { in: 'identifier' };
      return i + 1;
    }
    if (c === '$' && (i === 0 || !IDENT_CHAR.test(line[i - 1]!))) {
      const tag = DOLLAR_TAG.exec(line.slice(i, i + 64));
      if (tag) {
        this.quote = { in: 'dollar', tag: tag[0] };
        return i + tag[0].length;
      }
    }
    return i + 1;
  }
}

/** Splits a stream of text chunks into lines at `\n` only (a value's `\r` stays in its line). */
export async function* linesOf(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}
