import { putSetting } from '@/server/identity/settings';
import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { SCHOOL } from '@/server/db/seed/university';
import type { LoginConfig, LogoConfig } from '../contract';
import { DEFAULT_LOGIN, DEFAULT_LOGO, DEFAULT_THEME, OrgSettingKeys, type PlatformLogoOverride } from './defaults';

/** The demo school's organisation config: names, login page notes and filings, theme. */
export const demoSeed: DemoSeed = async ({ tx, platformId }) => {
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
};
