import { pinyin } from 'pinyin-pro';

/** Han characters (CJK unified ideographs and extension A). */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;

/** Lower case, whitespace folded, trimmed. */
export const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Per character of `s`: its full pinyin (no tone) and its initial; other characters stand for themselves, lower-cased. */
export function charPinyin(s: string): { full: string; initial: string }[] {
  const chars = [...s];
  if (!chars.some((c) => HAN.test(c))) return chars.map((c) => ({ full: c.toLowerCase(), initial: c.toLowerCase() }));
  const fulls = pinyin(s, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  // pinyin-pro answers one entry per Han character and per run of other characters: walk both.
  const out: { full: string; initial: string }[] = [];
  let k = 0;
  for (let i = 0; i < chars.length; ) {
    const c = chars[i]!;
    if (HAN.test(c)) {
      const p = (fulls[k++] ?? c).toLowerCase();
      out.push({ full: p, initial: p[0] ?? c });
      i++;
    } else {
      // a run of non-Han characters: one entry in `fulls`
      let j = i;
      while (j < chars.length && !HAN.test(chars[j]!)) j++;
      k++;
      for (; i < j; i++) out.push({ full: chars[i]!.toLowerCase(), initial: chars[i]!.toLowerCase() });
    }
  }
  return out;
}

/** Full pinyin and initials of a text; spaces and punctuation drop out of the initials. */
export function pinyinOf(s: string): { full: string; initials: string } {
  const per = charPinyin(s);
  const keep = (c: string) => /[\p{L}\p{N}]/u.test(c);
  return {
    full: per
      .map((p) => p.full)
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
    initials: per
      .map((p) => p.initial)
      .filter(keep)
      .join(''),
  };
}

/** The 1- and 2-character grams of a text (letters and digits only): what a query shorter than 3 characters looks up. */
export function gramsOf(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) {
    for (const word of normalize(t).split(/[^\p{L}\p{N}]+/u)) {
      const cs = [...word];
      for (let i = 0; i < cs.length; i++) {
        out.add(cs[i]!);
        if (i + 1 < cs.length) out.add(cs[i]! + cs[i + 1]!);
      }
    }
  }
  return [...out];
}

/** The words of a query: lower case, at most 8, each at most 40 characters. */
export function queryTerms(text: string): string[] {
  return [
    ...new Set(
      normalize(text)
        .split(' ')
        .map((w) => [...w].slice(0, 40).join(''))
        .filter((w) => w.length > 0),
    ),
  ].slice(0, 8);
}

/** Code-point length (a Han character is one). */
export const charLength = (s: string) => [...s].length;

/**
 * Where the query terms fall in a title, as [start, end) ranges in UTF-16 units: a direct match,
 * or a match of the title's initials or full pinyin mapped back to the characters.
 */
export function highlightRanges(title: string, terms: string[]): [number, number][] {
  const lower = title.toLowerCase();
  const ranges: [number, number][] = [];
  const chars = [...title];
  const offsets: number[] = [];
  let off = 0;
  for (const c of chars) {
    offsets.push(off);
    off += c.length;
  }
  offsets.push(off);
  let per: { full: string; initial: string }[] | null = null;
  for (const term of terms) {
    let found = false;
    for (let at = lower.indexOf(term); at >= 0 && term; at = lower.indexOf(term, at + term.length)) {
      ranges.push([at, at + term.length]);
      found = true;
    }
    if (found || !/^[a-z0-9]+$/.test(term)) continue;
    per ??= charPinyin(title);
    for (const key of ['initial', 'full'] as const) {
      // concatenate per character and remember which character each letter came from
      let joined = '';
      const owner: number[] = [];
      per.forEach((p, i) => {
        joined += p[key];
        for (let k = 0; k < p[key].length; k++) owner.push(i);
      });
      const at = joined.indexOf(term);
      if (at < 0) continue;
      const first = owner[at]!;
      const last = owner[at + term.length - 1]!;
      ranges.push([offsets[first]!, offsets[last + 1]!]);
      break;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const prev = merged[merged.length - 1];
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** About `size` characters of the body around the first term found, with ellipses where cut. */
export function snippetOf(body: string, terms: string[], size = 120): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (text.length <= size) return text;
  const start = at < 0 ? 0 : Math.max(0, at - Math.floor(size / 3));
  const end = Math.min(text.length, start + size);
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
}

/** Words that carry no meaning in a question ("如何办理…？"): dropped before matching by grams. */
const FILLERS =
  /请问|如何|怎么样|怎么|怎样|什么|哪里|哪儿|哪个|哪些|可以|能否|能不能|是否|需要|应该|为什么|多少|多久|时候|一下|我们|我的|你们|吗|呢|吧|啊|的|了|是|我|在|要|能|会|有|和|与|及|去|到/g;

/** The distinct 2-character grams of the meaningful words of a question. */
export function questionGrams(text: string): string[] {
  const out = new Set<string>();
  for (const word of normalize(text)
    .replace(FILLERS, ' ')
    .split(/[^\p{L}\p{N}]+/u)) {
    const cs = [...word];
    if (cs.length === 1) continue;
    for (let i = 0; i + 1 < cs.length; i++) out.add(cs[i]! + cs[i + 1]!);
  }
  return [...out].slice(0, 60);
}
