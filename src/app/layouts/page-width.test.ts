import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One page width per layout: layouts.module.css names `--page-width` once for the visitor and
 * user front end frames (and none for the back office), and the pages' styles use it instead of
 * a width of their own — so pages in the same frame line up. Pages without a frame (the sign-in
 * pages, the platform choice) keep their own composition.
 */
const src = fileURLToPath(new URL('../../', import.meta.url));
const FRAMELESS = [
  'modules/auth/web/pages/login-page.module.css',
  'modules/platform/web/pages/platform-selection-page.module.css',
];

const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** `max-width: Npx` of 1000 px or more, outside @media/@container conditions. */
export function ownPageWidths(css: string): string[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@(media|container)[^{]*\{/g, '{');
  return [...plain.matchAll(/(?<![-\w])max-width\s*:\s*(\d{4,})px/g)].map((m) => m[0]);
}

describe('page widths', () => {
  it('the web and visitor frames name one page width, the back office none', () => {
    const css = fs.readFileSync(path.join(src, 'app/layouts/layouts.module.css'), 'utf8');
    expect(css).toMatch(/\.visitorContent,\s*\.webContent\s*\{[^}]*--page-width:\s*1280px/);
    expect(css).toMatch(/\.cmsContent\s*\{[^}]*--page-width:\s*none/);
  });

  it('front-end pages take the frame page width instead of a number of their own', () => {
    const offenders = walk(path.join(src, 'modules'))
      .filter((f) => f.endsWith('.css') && /[/\\](web|visitor|components)[/\\]/.test(f))
      .filter((f) => !/[/\\]cms[/\\]/.test(f))
      .map((f) => path.relative(src, f).split(path.sep).join('/'))
      .filter((f) => !FRAMELESS.includes(f))
      .flatMap((f) => ownPageWidths(fs.readFileSync(path.join(src, f), 'utf8')).map((w) => `${f}: ${w}`));
    // A page's outer box: `max-width: var(--page-width); margin: 0 auto; padding: var(--page-padding)`.
    expect(offenders, 'use var(--page-width) (set by the layout) for a page width').toEqual([]);
  });

  it('the check sees a page width of its own, not a media query or the variable', () => {
    expect(ownPageWidths('.page { max-width: 1440px; margin: 0 auto }')).toEqual(['max-width: 1440px']);
    expect(ownPageWidths('@media (max-width: 1400px) { .a { color: red } }')).toEqual([]);
    expect(ownPageWidths('.page { max-width: var(--page-width) } .s { max-width: 560px }')).toEqual([]);
  });
});
