/**
 * Text inputs strip emoji (spec section 5: "multi-unit characters"): characters outside the
 * Basic Multilingual Plane (surrogate pairs) go, and so do the joiners and presentation
 * marks that turn BMP symbols into emoji. Astral CJK ideographs (extensions B–H) stay,
 * because people's names use them.
 */
const ASTRAL = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const PRESENTATION = /\uFE0E|\uFE0F|\u200D|\u20E3/g;

function isCjkIdeograph(cp: number): boolean {
  return cp >= 0x20000 && cp <= 0x323af; // CJK Unified Ideographs Extension B–H
}

export function stripEmoji(value: string): string {
  return value
    .replace(ASTRAL, (pair) => (isCjkIdeograph(pair.codePointAt(0) ?? 0) ? pair : ''))
    .replace(PRESENTATION, '');
}
