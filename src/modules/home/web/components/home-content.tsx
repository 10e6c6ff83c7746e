import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { NotificationOutlined, ReadOutlined } from '@ant-design/icons';
import { incVisit } from '@/modules/auth/api';
import { getHomeModules } from '@/modules/site-settings/api';
import { DEFAULT_HOME_MODULES, type HomeModule, type Shortcut } from '@/modules/site-settings/contract';
import { NoticeList } from './notice-list';
import { BannerModule, SearchModule, ShortcutsModule, TopAffairsModule } from './home-modules';
import s from './home-content.module.css';

// One visit per browser session, however often the home page is opened (sessionStorage ends with the tab).
const VISIT_KEY = 'homeVisitCounted';

function countVisitOnce() {
  if (typeof sessionStorage === 'undefined' || sessionStorage.getItem(VISIT_KEY)) return;
  sessionStorage.setItem(VISIT_KEY, '1');
  incVisit().catch(() => sessionStorage.removeItem(VISIT_KEY));
}

const isList = (m: HomeModule) => m.kind === 'notices' || m.kind === 'news';

/** Notices and news next to each other share a row (the classic look); every other module takes a row. */
function rows(modules: HomeModule[]): HomeModule[][] {
  const out: HomeModule[][] = [];
  for (const m of modules) {
    const last = out[out.length - 1];
    if (last && last.length === 1 && isList(last[0]!) && isList(m)) last.push(m);
    else out.push([m]);
  }
  return out;
}

function renderModule(m: HomeModule, services: Shortcut[]): ReactNode {
  switch (m.kind) {
    case 'notices':
      return <NoticeList kind="notice" title={m.title} icon={<NotificationOutlined />} />;
    case 'news':
      return <NoticeList kind="news" title={m.title} icon={<ReadOutlined />} />;
    case 'shortcuts':
      return <ShortcutsModule m={m} />;
    case 'topAffairs':
      return <TopAffairsModule m={m} />;
    case 'search':
      return <SearchModule m={m} services={services} />;
    case 'banner':
      return <BannerModule m={m} />;
  }
}

/**
 * A home (spec section 2): exactly the modules the administrator chose for this scope, in
 * their order — 'visitor' for /home/index, a platform id for that platform's /web home.
 * Until a list is stored the server answers today's look (banner, notices, news).
 */
export function HomeContent({ scope = 'visitor' }: { scope?: string }) {
  useEffect(countVisitOnce, []);
  const q = useQuery({
    queryKey: ['home', 'modules', scope],
    queryFn: () => getHomeModules(scope, { silent: true }).then((r) => r.data.modules),
  });
  // A failed read still shows a working home rather than an empty page.
  const modules = q.data ?? (q.isError ? DEFAULT_HOME_MODULES : null);
  if (!modules)
    return (
      <div className={s.home}>
        <Skeleton active className={s.section} paragraph={{ rows: 8 }} />
      </div>
    );
  const services = modules.flatMap((m) => (m.kind === 'shortcuts' || m.kind === 'topAffairs' ? m.items : []));

  return (
    <div className={s.home}>
      {rows(modules).map((row, i) => {
        const first = row[0]!;
        if (first.kind === 'banner') return <BannerModule key={i} m={first} />;
        const afterBanner = i > 0 && modules[modules.indexOf(first) - 1]?.kind === 'banner';
        return (
          <section
            key={i}
            className={`${s.section} ${row.length > 1 ? s.lists : ''} ${afterBanner ? s.afterBanner : ''}`}
          >
            {row.map((m, j) => (
              <div key={j} className={s.cell}>
                {renderModule(m, services)}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
