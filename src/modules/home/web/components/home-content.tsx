import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { NotificationOutlined, ReadOutlined } from '@ant-design/icons';
import { incVisit } from '@/modules/auth/api';
import { getHomeModules } from '@/modules/site-settings/api';
import { DEFAULT_HOME_MODULES, type HomeModule } from '@/modules/site-settings/contract';
import { useSession } from '@/core/session/store';
import { NoticeList } from './notice-list';
import { ShortcutsModule, TopAffairsModule } from './home-modules';
import {
  AutoTopAffairs,
  HotQuestionsModule,
  MyWork,
  PortalBanner,
  PortalSearchCard,
  SpecialServicesModule,
} from './portal-blocks';
import s from './home-content.module.css';

// One visit per browser session, however often the home page is opened (sessionStorage ends with the tab).
const VISIT_KEY = 'homeVisitCounted';

function countVisitOnce() {
  if (typeof sessionStorage === 'undefined' || sessionStorage.getItem(VISIT_KEY)) return;
  sessionStorage.setItem(VISIT_KEY, '1');
  incVisit().catch(() => sessionStorage.removeItem(VISIT_KEY));
}

const isList = (m: HomeModule) =>
  m.kind === 'notices' || m.kind === 'news' || m.kind === 'topAffairs' || m.kind === 'hotQuestions';

/**
 * Two lists next to each other share a row (notices and news, the classic look; hot items and hot
 * questions); every other module takes a row.
 */
function rows(modules: HomeModule[]): HomeModule[][] {
  const out: HomeModule[][] = [];
  for (const m of modules) {
    const last = out[out.length - 1];
    if (last && last.length === 1 && isList(last[0]!) && isList(m)) last.push(m);
    else out.push([m]);
  }
  return out;
}

function renderModule(m: HomeModule): ReactNode {
  switch (m.kind) {
    case 'notices':
      return <NoticeList kind="notice" title={m.title} icon={<NotificationOutlined />} />;
    case 'news':
      return <NoticeList kind="news" title={m.title} icon={<ReadOutlined />} />;
    case 'shortcuts':
      return <ShortcutsModule m={m} />;
    case 'topAffairs':
      // A fixed list when the administrator gave one, else ranked by use in the service hall.
      return m.items.length ? <TopAffairsModule m={m} /> : <AutoTopAffairs m={m} />;
    case 'hotQuestions':
      return <HotQuestionsModule m={m} />;
    case 'specialServices':
      return <SpecialServicesModule m={m} />;
    case 'search':
      return <PortalSearchCard m={m} />;
    case 'banner':
      return <PortalBanner m={m} />;
  }
}

/**
 * A home (spec section 2): exactly the modules the administrator chose for this scope, in
 * their order — 'visitor' for /home/index, a platform id for that platform's /web home.
 * Until a list is stored the server answers today's look (banner, notices, news). A signed-in
 * user's own work (待办, 我的申请, 常用服务) comes first, right under the banner.
 */
export function HomeContent({ scope = 'visitor' }: { scope?: string }) {
  useEffect(countVisitOnce, []);
  const signedIn = useSession((st) => !!st.token);
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

  const grouped = rows(modules);
  const bannerFirst = grouped[0]?.[0]?.kind === 'banner';
  const work = (
    <section key="my-work" className={`${s.section} ${bannerFirst ? s.afterBanner : ''}`}>
      <MyWork />
    </section>
  );
  const out: ReactNode[] = [];
  grouped.forEach((row, i) => {
    const first = row[0]!;
    if (first.kind === 'banner') out.push(<PortalBanner key={i} m={first} />);
    else {
      const afterBanner =
        i > 0 && modules[modules.indexOf(first) - 1]?.kind === 'banner' && !(signedIn && i === 1 && bannerFirst);
      out.push(
        <section
          key={i}
          className={`${s.section} ${row.length > 1 ? s.lists : ''} ${afterBanner ? s.afterBanner : ''}`}
        >
          {row.map((m, j) => (
            <div key={j} className={s.cell}>
              {renderModule(m)}
            </div>
          ))}
        </section>,
      );
    }
    // The signed-in user's own work first: right under a leading banner, else at the top.
    if (signedIn && bannerFirst && i === 0) out.push(work);
  });
  if (signedIn && !bannerFirst) out.unshift(work);

  return <div className={s.home}>{out}</div>;
}
