import { putSetting } from '@/server/identity/settings';
import {
  DEFAULT_LOGIN,
  DEFAULT_LOGO,
  DEFAULT_THEME,
  OrgSettingKeys,
  type PlatformLogoOverride,
} from '@/modules/org-config/server/defaults';
import type { LoginConfig, LogoConfig } from '@/modules/org-config/contract';
import type { Tx } from './batch';
import { NOTICES, noticeHtml } from './notices';
import { SCHOOL } from './university';

const DAY_MS = 86_400_000;

/** The demo school's published notices and news (and one draft, which no list shows). */
export async function insertNotices(tx: Tx, authorId: number, now: number): Promise<void> {
  await tx
    .insertInto('notice')
    .values(
      NOTICES.map((n, i) => ({
        kind: n.kind,
        title: n.title,
        summary: n.summary,
        content: noticeHtml(n),
        status: n.status,
        platformId: null,
        // Spread over office hours of their day, so two items of one day still have an order.
        publishedAt: n.status === 'published' ? now - n.daysAgo * DAY_MS - (i % 5) * 3_600_000 : null,
        createdBy: authorId,
        createdAt: now - n.daysAgo * DAY_MS - DAY_MS,
        updatedAt: now - n.daysAgo * DAY_MS,
      })),
    )
    .execute();
}

/** The demo school's organisation config: names, login page notes and filings, theme. */
export async function insertOrgConfig(tx: Tx, platformId: Map<string, number>): Promise<void> {
  const logo: LogoConfig = {
    ...DEFAULT_LOGO,
    backend: { ...DEFAULT_LOGO.backend, title: `${SCHOOL.name}综合服务平台管理后台` },
    front: { title: `${SCHOOL.name}综合服务平台` },
  };
  const login: LoginConfig = {
    ...DEFAULT_LOGIN,
    // Clearly the demo's: not real filing numbers.
    filings: [
      { text: '京ICP备00000000号-1（演示）', url: 'https://beian.miit.gov.cn/' },
      { text: '京公网安备11000000000000号（演示）', url: 'https://beian.mps.gov.cn/' },
    ],
    copyright: `© 2026 ${SCHOOL.name} 信息化办公室 · 演示数据`,
  };
  await putSetting(tx, OrgSettingKeys.logo, logo);
  await putSetting(tx, OrgSettingKeys.login, login);
  await putSetting(tx, OrgSettingKeys.theme, DEFAULT_THEME);
  const oneForm: PlatformLogoOverride = { front: { title: `${SCHOOL.name} · 一表通` } };
  await putSetting(tx, OrgSettingKeys.platformLogo(platformId.get('one-form')!), oneForm);
}
