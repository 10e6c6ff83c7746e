import { Link } from 'react-router-dom';
import { Card, Empty } from 'antd';
import { FireOutlined, RocketOutlined } from '@ant-design/icons';
import type { HomeModule, Shortcut } from '@/modules/site-settings/contract';
import { ShortcutIcon } from '@/core/ui/shortcut-icon';
import s from './home-content.module.css';

type Of<K extends HomeModule['kind']> = Extract<HomeModule, { kind: K }>;

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
