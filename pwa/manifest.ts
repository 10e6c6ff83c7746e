/**
 * The web app manifest (spec: an installable application). Built into dist/manifest.webmanifest
 * by vite-plugin-pwa (./pwa-options.ts) and linked from src/app/index.html.
 */
export interface WebAppManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The default primary colour of the organisation theme (the server's getTheme default). */
export const DEFAULT_THEME_COLOR = '#1677ff';

export function webAppManifest(themeColor: string = DEFAULT_THEME_COLOR): WebAppManifest {
  return {
    name: '高校综合服务平台',
    short_name: '综合服务',
    description: '办事大厅、审批中心、数据填报与采集、个人中心：师生一站式服务',
    lang: 'zh-CN',
    // The root redirects to the sign-in page, which lands a signed-in user where they belong.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeColor,
    // PNGs rendered from favicon.svg: Chromium's install prompt wants 192 and 512; the maskable
    // one keeps the logo inside the central safe circle over a full-bleed background.
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
