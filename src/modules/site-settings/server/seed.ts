import type { DemoSeed } from '@/server/db/seed/module-seeds';
import type { HomeModule } from '../contract';
import { writeHomeModules } from './repository';

/**
 * The demo school's visitor home (platform homes fall back to it): the banner with the portal
 * search, the service hall's most used items next to the assistant's most read questions, the
 * special services, then notices and news — every block fed by the server.
 */
export const DEMO_HOME_MODULES: HomeModule[] = [
  { kind: 'banner', title: '', subtitle: '一网通办 · 一站服务 · 一表通用', picture: '' },
  { kind: 'topAffairs', title: '热门事项', items: [] },
  { kind: 'hotQuestions', title: '热门问题', limit: 8 },
  { kind: 'specialServices', title: '特色服务' },
  { kind: 'notices', title: '通知公告' },
  { kind: 'news', title: '新闻动态' },
];

export const demoSeed: DemoSeed = async ({ tx }) => {
  await writeHomeModules(tx, 'visitor', DEMO_HOME_MODULES);
};
