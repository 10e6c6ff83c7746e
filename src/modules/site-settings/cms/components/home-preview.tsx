import { Card, Empty } from 'antd';
import {
  FireOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  RocketOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { useSession } from '@/core/session/store';
import type { HomeModule } from '@/modules/site-settings/contract';
import { ShortcutIcon } from '@/core/ui/shortcut-icon';
import s from './home-preview.module.css';
import { SearchInput } from '@/core/ui/text-input';

/** A scaled-down picture of the home as configured: the real layout order, placeholders where live lists go. */
export function HomePreview({ modules }: { modules: HomeModule[] }) {
  const siteTitle = useSession((st) => st.logoConfig?.front.title) || '综合服务平台';
  if (modules.length === 0) return <Empty description="首页没有模块" />;
  // As on the home: notices and news next to each other share a row.
  const isList = (m?: HomeModule) => m?.kind === 'notices' || m?.kind === 'news';
  const rows: HomeModule[][] = [];
  for (const m of modules) {
    const last = rows[rows.length - 1];
    if (last?.length === 1 && isList(last[0]) && isList(m)) last.push(m);
    else rows.push([m]);
  }
  return (
    <div className={s.frame} aria-label="首页预览">
      {rows.map((row, r) =>
        row.length > 1 ? (
          <div key={r} className={s.pair}>
            {row.map((m, i) => block(m, i))}
          </div>
        ) : (
          block(row[0]!, r)
        ),
      )}
    </div>
  );

  function block(m: HomeModule, i: number) {
    switch (m.kind) {
      case 'banner':
        return (
          <div
            key={i}
            className={s.banner}
            style={
              m.picture
                ? { backgroundImage: `linear-gradient(90deg, rgba(6,30,80,.7), rgba(6,30,80,.2)), url("${m.picture}")` }
                : undefined
            }
          >
            <div className={s.bannerTitle}>{m.title || siteTitle}</div>
            {m.subtitle && <div className={s.bannerSub}>{m.subtitle}</div>}
            <div className={s.bannerSearch}>
              <SearchInput size="small" disabled placeholder="全站搜索" enterButton="搜索" />
            </div>
          </div>
        );
      case 'search':
        return (
          <div key={i} className={s.block}>
            <SearchInput size="small" disabled placeholder={m.placeholder || '搜索服务事项'} enterButton="搜索" />
          </div>
        );
      case 'notices':
      case 'news':
        return (
          <Card
            key={i}
            size="small"
            className={s.block}
            title={
              <span>
                {m.kind === 'notices' ? <NotificationOutlined /> : <ReadOutlined />} {m.title}
              </span>
            }
          >
            <div className={s.placeholder}>
              此处按发布时间显示最新的{m.kind === 'notices' ? '通知公告' : '新闻动态'}
            </div>
            <div className={s.line} />
            <div className={s.line} />
            <div className={s.lineShort} />
          </Card>
        );
      case 'shortcuts':
        return (
          <Card
            key={i}
            size="small"
            className={s.block}
            title={
              <span>
                <RocketOutlined /> {m.title}
              </span>
            }
          >
            {m.items.length === 0 ? (
              <span className={s.placeholder}>尚未添加服务</span>
            ) : (
              <div className={s.tiles}>
                {m.items.map((it, j) => (
                  <div key={j} className={s.tile}>
                    <ShortcutIcon name={it.icon} />
                    <span>{it.title || '（未命名）'}</span>
                  </div>
                ))}
              </div>
            )}
          </Card>
        );
      case 'topAffairs':
        return (
          <Card
            key={i}
            size="small"
            className={s.block}
            title={
              <span>
                <FireOutlined /> {m.title}
              </span>
            }
          >
            {m.items.length === 0 ? (
              <span className={s.placeholder}>此处按办事大厅的办理量自动排行</span>
            ) : (
              <ol className={s.affairs}>
                {m.items.map((it, j) => (
                  <li key={j}>{it.title || '（未命名）'}</li>
                ))}
              </ol>
            )}
          </Card>
        );
      case 'hotQuestions':
        return liveBlock(i, <QuestionCircleOutlined />, m.title, `此处显示智能助手浏览最多的 ${m.limit} 个问题`);
      case 'specialServices':
        return liveBlock(i, <StarOutlined />, m.title, '此处显示已发布的专题服务（新生入学、毕业离校……）');
    }
  }
}

/** A block the server fills on the home: its title and what will show there. */
function liveBlock(key: number, icon: React.ReactNode, title: string, text: string) {
  return (
    <Card
      key={key}
      size="small"
      className={s.block}
      title={
        <span>
          {icon} {title}
        </span>
      }
    >
      <span className={s.placeholder}>{text}</span>
    </Card>
  );
}
