/**
 * Colour contrast (WCAG 2.x) for the theme: the organisation picks its primary colour (site
 * settings), and text or a button label drawn in it must still reach 4.5:1 — antd's default
 * #1677ff gives 4.1:1 on white. `readablePrimary` keeps the chosen hue and darkens it just enough.
 */
const channel = (c: number) => {
  const v = c / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const luminance = ([r, g, b]: [number, number, number]) =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour itself when white text on it (and it as text on the page's light greys) reads at
 * 4.5:1 or better; else the same hue darkened step by step until it does. Not a colour: as given.
 */
export function readablePrimary(hex: string, against = '#f0f2f5', min = 4.6): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  let cur = rgb.map(Number);
  for (let i = 0; i < 40; i++) {
    const c = toHex(cur);
    if (contrastRatio(c, '#ffffff') >= min && contrastRatio(c, against) >= min) return i === 0 ? hex : c;
    cur = cur.map((v) => v * 0.95);
  }
  return toHex(cur);
}
