import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR, webAppManifest } from './manifest';

describe('the web app manifest', () => {
  it('describes a standalone app that starts at the root, in Chinese', () => {
    const m = webAppManifest();
    expect(m).toMatchObject({
      display: 'standalone',
      start_url: '/',
      scope: '/',
      lang: 'zh-CN',
      theme_color: DEFAULT_THEME_COLOR,
    });
    expect(m.name).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('takes the theme colour it is given', () => {
    expect(webAppManifest('#cf1322').theme_color).toBe('#cf1322');
  });
  it('names only icons that exist in public/', () => {
    for (const icon of webAppManifest().icons) expect(fs.existsSync(`public${icon.src}`), icon.src).toBe(true);
  });
  it('offers Chromium the installable icon sizes: 192 and 512 PNGs and a maskable one', () => {
    const icons = webAppManifest().icons;
    const png = (sizes: string, purpose: string) =>
      icons.some((i) => i.type === 'image/png' && i.sizes === sizes && i.purpose === purpose);
    expect(png('192x192', 'any') && png('512x512', 'any') && png('512x512', 'maskable')).toBe(true);
  });
  it('names PNG icons whose pixel size is the size it declares', () => {
    for (const icon of webAppManifest().icons.filter((i) => i.type === 'image/png')) {
      const head = fs.readFileSync(`public${icon.src}`);
      // PNG IHDR: width and height are big-endian at bytes 16 and 20.
      expect(`${head.readUInt32BE(16)}x${head.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });
});
