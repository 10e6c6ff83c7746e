import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Empty, Input, Tag } from 'antd';
import { FireOutlined, RocketOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSession } from '@/core/session/store';
import type { HomeModule, Shortcut } from '@/modules/site-settings/contract';
import { ShortcutIcon } from '@/core/ui/shortcut-icon';
import s from './home-content.module.css';

type Of<K extends HomeModule['kind']> = Extract<HomeModule, { kind: K }>;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** School banner: the configured title (else the site's front title), subtitle and picture. */
export function BannerModule({ m }: { m: Of<'banner'> }) {
  const siteTitle = useSession((st) => st.logoConfig?.front.title) || '智慧校园综合服务平台';
  const user = useSession((st) => st.userInfo);
  const today = dayjs();
  const style = m.picture
    ? { backgroundImage: `linear-gradient(90deg, rgba(6,30,80,.75), rgba(6,30,80,.25)), url("${m.picture}")` }
    : undefined;
  return (
    <section className={s.banner} style={style}>
      <div className={s.bannerInner}>
        <div>
          <h1 className={s.school}>{m.title || siteTitle}</h1>
          {m.subtitle && <p className={s.slogan}>{m.subtitle}</p>}
        </div>
        <div className={s.today}>
          <div className={s.greet}>{user ? `您好，${user.real_name || user.username}` : '欢迎访问'}</div>
          <div className={s.date}>
            {today.format('YYYY年M月D日')} 星期{WEEKDAYS[today.day()]}
          </div>
        </div>
      </div>
    </section>
  );
}

/** One shortcut: a page of this app opens in place, an outside address in a new tab. */
export function ShortcutLink({
  item,
  className,
  children,
}: {
  item: Shortcut;
  className?: string;
  children: React.ReactNode;
}) {
  if (item.path)
    return (
      <Link to={item.path} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={item.url} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

export function ShortcutsModule({ m }: { m: Of<'shortcuts'> }) {
  return (
    <Card
      title={
        <span className={s.cardTitle}>
          <RocketOutlined />
          {m.title}
        </span>
      }
    >
      {m.items.length === 0 ? (
        <Empty description="暂无服务" />
      ) : (
        <div className={s.tiles}>
          {m.items.map((it, i) => (
            <ShortcutLink key={i} item={it} className={s.tile}>
              <span className={s.tileIcon}>
                <ShortcutIcon name={it.icon} />
              </span>
              <span className={s.tileTitle}>{it.title}</span>
            </ShortcutLink>
          ))}
        </div>
      )}
    </Card>
  );
}

/** Top affairs in the order the administrator set (no usage figures are collected yet). */
export function TopAffairsModule({ m }: { m: Of<'topAffairs'> }) {
  return (
    <Card
      title={
        <span className={s.cardTitle}>
          <FireOutlined />
          {m.title}
        </span>
      }
    >
      {m.items.length === 0 ? (
        <Empty description="暂无热门事项" />
      ) : (
        <ol className={s.affairs}>
          {m.items.map((it, i) => (
            <li key={i}>
              <span className={s.rank}>{i + 1}</span>
              <ShortcutLink item={it} className={s.affairLink}>
                <ShortcutIcon name={it.icon} /> {it.title}
              </ShortcutLink>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Searches the services this home offers (its shortcuts and top affairs) and keeps the recent words. */
export function SearchModule({ m, services }: { m: Of<'search'>; services: Shortcut[] }) {
  const recent = useSession((st) => st.recentSearches);
  const [word, setWord] = useState<string | null>(null);
  const hits = useMemo(() => {
    if (!word) return [];
    const w = word.toLowerCase();
    const seen = new Set<string>();
    return services.filter(
      (it) =>
        it.title.toLowerCase().includes(w) &&
        !seen.has(it.title + it.path + it.url) &&
        seen.add(it.title + it.path + it.url),
    );
  }, [word, services]);
  const run = (value: string) => {
    const v = value.trim();
    setWord(v || null);
    if (v) useSession.getState().addRecentSearch(v);
  };
  return (
    <Card className={s.searchCard}>
      <Input.Search
        size="large"
        allowClear
        enterButton={
          <>
            <SearchOutlined /> 搜索
          </>
        }
        placeholder={m.placeholder || '搜索服务事项'}
        onSearch={run}
        aria-label="搜索服务"
      />
      {recent.length > 0 && (
        <div className={s.recent}>
          最近搜索：
          {recent.map((r) => (
            <Tag key={r} className={s.recentTag} onClick={() => run(r)}>
              {r}
            </Tag>
          ))}
        </div>
      )}
      {word !== null && (
        <div className={s.hits} role="region" aria-label="搜索结果">
          {hits.length === 0 ? (
            <span className={s.noHit}>没有找到与“{word}”相关的服务</span>
          ) : (
            hits.map((it, i) => (
              <ShortcutLink key={i} item={it} className={s.hit}>
                <ShortcutIcon name={it.icon} /> {it.title}
              </ShortcutLink>
            ))
          )}
        </div>
      )}
    </Card>
  );
}
