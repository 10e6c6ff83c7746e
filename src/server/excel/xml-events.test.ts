import { describe, expect, it } from 'vitest';
import { XmlFormatError, XmlStream } from './xml-events';

/** Events as lines; consecutive text pieces joined, so the split into chunks does not show. */
function events(chunks: Uint8Array[]): string[] {
  const out: string[] = [];
  const stream = new XmlStream({
    open: (name, attrs, selfClosing) => out.push(`open ${name} ${JSON.stringify(attrs)}${selfClosing ? ' /' : ''}`),
    close: (name) => out.push(`close ${name}`),
    text: (piece) => {
      if (out.at(-1)?.startsWith('text ')) out[out.length - 1] += piece;
      else out.push(`text ${piece}`);
    },
  });
  for (const c of chunks) stream.write(c);
  stream.end();
  return out;
}

const bytes = (s: string) => new TextEncoder().encode(s);
const byteByByte = (s: string) => Array.from(bytes(s), (b) => Uint8Array.of(b));

describe('XmlStream', () => {
  const doc =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- 注释 --><x:sst xmlns:x="urn:x">' +
    '<x:si a=\'1 > 0\' b="&lt;&amp;&#x4E2D;&#25991;"><x:t xml:space="preserve">张&amp;伟 &gt; &quot;&apos;</x:t></x:si>' +
    '<si/><si><t><![CDATA[<b>原样</b>]]></t></si></x:sst>';
  const expected = [
    'open sst {"xmlns:x":"urn:x"}',
    'open si {"a":"1 > 0","b":"<&中文"}',
    'open t {"xml:space":"preserve"}',
    `text 张&伟 > "'`,
    'close t',
    'close si',
    'open si {} /',
    'open si {}',
    'open t {}',
    'text <b>原样</b>',
    'close t',
    'close si',
    'close sst',
  ];

  it('reports elements without their prefix, decoded attributes and text, skipping declarations and comments', () => {
    expect(events([bytes(doc)]).filter((e) => e !== 'text \n')).toEqual(expected);
  });

  it('gives the same events when every byte arrives alone (split tags, entities, UTF-8 characters)', () => {
    expect(events(byteByByte(doc)).filter((e) => e !== 'text \n')).toEqual(expected);
  });

  it('hands a long text over in pieces instead of holding it', () => {
    const pieces: number[] = [];
    const stream = new XmlStream({ open() {}, close() {}, text: (p) => pieces.push(p.length) });
    stream.write(bytes('<t>'));
    for (let i = 0; i < 10; i++) stream.write(bytes('a'.repeat(1000)));
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(1000);
  });

  it('refuses a DOCTYPE (no entity expansion), bad UTF-8, a tag that never ends', () => {
    const run = (chunks: Uint8Array[]) => () => events(chunks);
    expect(run([bytes('<!DOCTYPE lol [<!ENTITY a "a">]><a>&a;</a>')])).toThrow(XmlFormatError);
    expect(run([Uint8Array.of(0x3c, 0x61, 0x3e, 0xff, 0xfe)])).toThrow(XmlFormatError);
    expect(run([bytes('<a><b attr="never closed')])).toThrow(XmlFormatError);
    // A tag still open past 64 KB is refused as it streams, not buffered to the end.
    const stream = new XmlStream({ open() {}, close() {}, text() {} });
    stream.write(bytes('<a x="'));
    const endless = () => {
      for (let i = 0; i < 100; i++) stream.write(bytes('y'.repeat(1000)));
    };
    expect(endless).toThrow(XmlFormatError);
  });
});
