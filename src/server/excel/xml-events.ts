/** What the tokenizer reports: element names without their namespace prefix (`x:row` → `row`). */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  /** Decoded character data; one text run may arrive in several pieces. */
  text(piece: string): void;
}

/** The part is not the XML a spreadsheet holds (bad UTF-8, a tag that never ends, a DOCTYPE). */
export class XmlFormatError extends Error {}

// A tag longer than this is no spreadsheet's: refuse it rather than buffer it.
const MAX_TAG_CHARS = 64 * 1024;
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * A streaming XML tokenizer for the parts of an .xlsx: bytes go in as they inflate, events come
 * out, and nothing is kept beyond one unfinished tag or entity. A text run is handed over in
 * pieces, so a huge cell never sits in a buffer here (the caller counts and refuses it).
 * No DTDs, so no entity expansion.
 */
export class XmlStream {
  private buf = '';
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly handler: XmlHandler) {}

  write(bytes: Uint8Array): void {
    this.buf += this.decode(bytes, true);
    this.pump(false);
  }

  end(): void {
    this.buf += this.decode(new Uint8Array(), false);
    this.pump(true);
    if (this.buf.trim()) throw new XmlFormatError('unfinished markup at the end');
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    try {
      return this.decoder.decode(bytes, { stream });
    } catch {
      throw new XmlFormatError('not UTF-8');
    }
  }

  private pump(final: boolean): void {
    const buf = this.buf;
    let pos = 0;
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        pos = this.flushText(buf, pos, final);
        break;
      }
      if (lt > pos) this.handler.text(decodeEntities(buf.slice(pos, lt)));
      const next = this.markup(buf, lt, final);
      if (next === -1) {
        if (buf.length - lt > MAX_TAG_CHARS || final) throw new XmlFormatError('a tag that never ends');
        pos = lt;
        break;
      }
      pos = next;
    }
    this.buf = pos === buf.length ? '' : buf.slice(pos);
  }

  /** Hands over text up to a possibly split entity; answers where the kept rest starts. */
  private flushText(buf: string, pos: number, final: boolean): number {
    let end = buf.length;
    if (!final) {
      const amp = buf.lastIndexOf('&');
      if (amp >= pos && buf.indexOf(';', amp) === -1 && buf.length - amp < 16) end = amp;
    }
    if (end > pos) this.handler.text(decodeEntities(buf.slice(pos, end)));
    return end;
  }

  /** Reads the markup at `lt`; answers the position after it, or -1 when it is not complete yet. */
  private markup(buf: string, lt: number, final: boolean): number {
    const c = buf[lt + 1];
    if (c === undefined) return -1;
    if (c === '!') {
      if (buf.startsWith('<!--', lt)) return after(buf, '-->', lt + 4);
      if (buf.startsWith('<![CDATA[', lt)) {
        const end = buf.indexOf(']]>', lt + 9);
        if (end === -1) return -1;
        this.handler.text(buf.slice(lt + 9, end));
        return end + 3;
      }
      const head = buf.slice(lt, lt + 9);
      if (!final && ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head))) return -1;
      throw new XmlFormatError('DOCTYPE or unknown declaration');
    }
    if (c === '?') return after(buf, '?>', lt + 2);
    const end = tagEnd(buf, lt + 1);
    if (end === -1) return -1;
    if (c === '/') {
      this.handler.close(localName(buf.slice(lt + 2, end).trim()));
      return end + 1;
    }
    const selfClosing = buf[end - 1] === '/';
    const body = buf.slice(lt + 1, selfClosing ? end - 1 : end);
    const nameEnd = body.search(/[\s/]|$/);
    const attrs: Record<string, string> = {};
    for (const m of body.slice(nameEnd).matchAll(ATTRIBUTE)) attrs[m[1]!] = decodeEntities(m[2] ?? m[3] ?? '');
    this.handler.open(localName(body.slice(0, nameEnd)), attrs, selfClosing);
    return end + 1;
  }
}

function after(buf: string, marker: string, from: number): number {
  const i = buf.indexOf(marker, from);
  return i === -1 ? -1 : i + marker.length;
}

/** The `>` that closes a tag, skipping quoted attribute values (which may hold `>`). */
function tagEnd(buf: string, from: number): number {
  let quote = '';
  for (let i = from; i < buf.length; i++) {
    const ch = buf[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i;
  }
  return -1;
}
