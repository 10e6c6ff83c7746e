import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR, webAppManifest } from './manifest';

describe('the web app manifest', () => {
  it('describes a standalone app that starts at the root, in Chinese', () => {
    const m = webAppManifest();
    expect(m).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', lang: 'zh-CN', theme_color: DEFAULT_THEME_COLOR });
    expect(m.name).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('takes the theme colour it is given', () => {
    expect(webAppManifest('#cf1322').theme_color).toBe('#cf1322');
  });
  it('names only icons that exist in public/', () => {
    for (const icon of webAppManifest().icons) expect(fs.existsSync(`public${icon.src}`), icon.src).toBe(true);
  });
  it('is linked from the page', () => {
    expect(fs.readFileSync('src/app/index.html', 'utf8')).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });
});
