/**
 * The web app manifest (spec: an installable application). Built into dist/manifest.webmanifest
 * by ./vite-plugin.ts and linked from src/app/index.html. The service worker, offline page and
 * update prompt are configured beside it by the PWA work (issue 4).
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
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}
