import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, Skeleton, Tag } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  FireOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
  SolutionOutlined,
  StarOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { stripEmoji } from '@/shared/emoji';
import { useSession } from '@/core/session/store';
import { SearchInput } from '@/core/ui/text-input';
import type { HomeModule } from '@/modules/site-settings/contract';
import { fetchMyFrequentItems, fetchSpecialServices, fetchTopAffairs } from '@/modules/service-hall/api';
import { topQuestions } from '@/modules/assistant/api';
import { hotWords } from '@/modules/portal-search/api';
import { listTasks } from '@/modules/workflow/api';
import { INSTANCE_STATUS_LABELS } from '@/modules/workflow/contract';
import hs from './home-content.module.css';
import s from './portal-blocks.module.css';

type Of<K extends HomeModule['kind']> = Extract<HomeModule, { kind: K }>;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
export const searchPath = (q: string) => `/web/search?q=${encodeURIComponent(q)}`;

/** The home's search box: goes to the results page (/web/search), remembering the word on this browser. */
function useRunSearch() {
  const navigate = useNavigate();
  return (value: string) => {
    const q = value.trim().slice(0, 60);
    if (!q) return;
    useSession.getState().addRecentSearch(q);
    navigate(searchPath(q));
  };
}

/** School banner with the portal search box and today's hot words. */
export function PortalBanner({ m }: { m: Of<'banner'> }) {
  const siteTitle = useSession((st) => st.logoConfig?.front.title) || '智慧校园综合服务平台';
  const user = useSession((st) => st.userInfo);
  const [text, setText] = useState('');
  const run = useRunSearch();
  const hot = useQuery({ queryKey: ['search', 'hot', 6], queryFn: () => hotWords(6).then((r) => r.data) });
  const today = dayjs();
  const style = m.picture
    ? { backgroundImage: `linear-gradient(90deg, rgba(6,30,80,.75), rgba(6,30,80,.25)), url("${m.picture}")` }
    : undefined;
  return (
    <section className={s.banner} style={style}>
      <div className={s.bannerInner}>
        <div className={s.lead}>
          <h1 className={hs.school}>{m.title || siteTitle}</h1>
          {m.subtitle && <p className={hs.slogan}>{m.subtitle}</p>}
          <SearchInput
            className={s.search}
            size="large"
            allowClear
            enterButton={
              <>
                <SearchOutlined /> 搜索
              </>
            }
            placeholder="搜索办事事项、通知、常见问题，支持拼音首字母（如 xsqj）"
            aria-label="全站搜索"
            maxLength={60}
            value={text}
            onChange={(e) => setText(stripEmoji(e.target.value))}
            onSearch={run}
          />
          {(hot.data?.length ?? 0) > 0 && (
            <div className={s.hotWords}>
              热搜：
              {hot.data!.map((h) => (
                <button key={h.word} type="button" className={s.hotWord} onClick={() => run(h.word)}>
                  {h.word}
                </button>
              ))}
            </div>
          )}
        </div>
        <div className={hs.today}>
          <div className={hs.greet}>{user ? `您好，${user.real_name || user.username}` : '欢迎访问'}</div>
          <div className={hs.date}>
            {today.format('YYYY年M月D日')} 星期{WEEKDAYS[today.day()]}
          </div>
        </div>
      </div>
    </section>
  );
}

/** The search module (a box of its own on the home): the same portal search, with the recent words. */
export function PortalSearchCard({ m }: { m: Of<'search'> }) {
  const recent = useSession((st) => st.recentSearches);
  const [text, setText] = useState('');
  const run = useRunSearch();
  return (
    <Card className={hs.searchCard}>
      <SearchInput
        size="large"
        allowClear
        enterButton={
          <>
            <SearchOutlined /> 搜索
          </>
        }
        placeholder={m.placeholder || '搜索服务事项'}
        aria-label="搜索服务"
        maxLength={60}
        value={text}
        onChange={(e) => setText(stripEmoji(e.target.value))}
        onSearch={run}
      />
      {recent.length > 0 && (
        <div className={hs.recent}>
          最近搜索：
          {recent.map((r) => (
            <Tag key={r} className={hs.recentTag} onClick={() => run(r)}>
              {r}
            </Tag>
          ))}
        </div>
      )}
    </Card>
  );
}

const title = (icon: React.ReactNode, text: string) => (
  <span className={hs.cardTitle}>
    {icon}
    {text}
  </span>
);

/** 热门事项 without a fixed list: the service hall's most used items this viewer may see. */
export function AutoTopAffairs({ m }: { m: Of<'topAffairs'> }) {
  const signedIn = useSession((st) => !!st.token);
  const q = useQuery({
    queryKey: ['home', 'topAffairs', signedIn],
    queryFn: () => fetchTopAffairs({ limit: 8 }),
  });
  return (
    <Card title={title(<FireOutlined />, m.title)} extra={<Link to="/web/eventService/index">办事大厅</Link>}>
      {q.isPending ? (
        <Skeleton active />
      ) : !q.data?.length ? (
        <Empty description="暂无热门事项" />
      ) : (
        <ol className={hs.affairs}>
          {q.data.map((it, i) => (
            <li key={it.id}>
              <span className={hs.rank}>{i + 1}</span>
              <Link to={it.path} className={hs.affairLink}>
                {it.name}
              </Link>
              <span className={s.rowMeta}>{it.departmentName}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** 热门问题: the assistant's most read questions, each opening its answer. */
export function HotQuestionsModule({ m }: { m: Of<'hotQuestions'> }) {
  const q = useQuery({ queryKey: ['home', 'hotQuestions', m.limit], queryFn: () => topQuestions(m.limit) });
  return (
    <Card
      title={title(<QuestionCircleOutlined />, m.title)}
      extra={<Link to="/web/intelligentAssistant/index">智能助手</Link>}
    >
      {q.isPending ? (
        <Skeleton active />
      ) : !q.data?.length ? (
        <Empty description="暂无热门问题" />
      ) : (
        <ul className={s.rows}>
          {q.data.map((it) => (
            <li key={it.id}>
              <Link className={s.rowTitle} to={`/web/intelligentAssistant/index?id=${it.id}`}>
                {it.question}
              </Link>
              <span className={s.rowMeta}>{it.viewCount} 次浏览</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** 特色服务: the service hall's special services (新生入学, 毕业离校 …) as cards. */
export function SpecialServicesModule({ m }: { m: Of<'specialServices'> }) {
  const q = useQuery({ queryKey: ['home', 'specials'], queryFn: () => fetchSpecialServices() });
  return (
    <Card title={title(<StarOutlined />, m.title)}>
      {q.isPending ? (
        <Skeleton active />
      ) : !q.data?.length ? (
        <Empty description="暂无特色服务" />
      ) : (
        <div className={s.specials}>
          {q.data.map((sp) => (
            <Link
              key={sp.id}
              to={sp.path}
              className={s.special}
              style={
                sp.bannerUrl
                  ? {
                      backgroundImage: `linear-gradient(90deg, rgba(6,30,80,.7), rgba(6,30,80,.3)), url("${sp.bannerUrl}")`,
                    }
                  : undefined
              }
            >
              <div className={s.specialName}>{sp.name}</div>
              <div className={s.specialSummary}>
                {sp.summary} · {sp.itemCount} 项服务
              </div>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

/** A signed-in user's own work, first on their home: 待办, 我的申请, 常用服务. */
export function MyWork() {
  const pending = useQuery({
    queryKey: ['home', 'myWork', 'dsp'],
    queryFn: () => listTasks({ type: 'dsp', page: 1, pageSize: 5 }).then((r) => r.data),
  });
  const mine = useQuery({
    queryKey: ['home', 'myWork', 'wfq'],
    queryFn: () => listTasks({ type: 'wfq', page: 1, pageSize: 5 }).then((r) => r.data),
  });
  const frequent = useQuery({
    queryKey: ['home', 'myWork', 'frequent'],
    queryFn: () => fetchMyFrequentItems({ limit: 6 }),
  });
  return (
    <div className={s.work} aria-label="我的事务" role="region">
      <Card
        title={
          <Badge count={pending.data?.total ?? 0} offset={[12, 0]} size="small">
            {title(<AuditOutlined />, '待办')}
          </Badge>
        }
        extra={<Link to="/web/taskCenter/taskWorkBench">全部</Link>}
      >
        {pending.isPending ? (
          <Skeleton active />
        ) : !pending.data?.list.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办，真棒" />
        ) : (
          <ul className={s.rows}>
            {pending.data.list.map((t) => (
              <li key={t.id}>
                <Link className={s.rowTitle} to={`/web/taskCenter/taskApproval?taskId=${t.taskId ?? t.id}`}>
                  {t.title}
                </Link>
                <span className={s.rowMeta}>
                  {t.overdue ? <Tag color="error">已超时</Tag> : null}
                  {t.applicantName} · {dayjs(t.createdAt).format('MM-DD')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        title={title(<SolutionOutlined />, '我的申请')}
        extra={<Link to="/web/taskCenter/taskWorkBench?type=wfq">全部</Link>}
      >
        {mine.isPending ? (
          <Skeleton active />
        ) : !mine.data?.list.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有提交过申请" />
        ) : (
          <ul className={s.rows}>
            {mine.data.list.map((t) => (
              <li key={t.id}>
                <Link className={s.rowTitle} to={`/web/taskCenter/taskApproval?instanceId=${t.instanceId}`}>
                  {t.title}
                </Link>
                <span className={s.rowMeta}>
                  <Tag>{INSTANCE_STATUS_LABELS[t.instanceStatus]}</Tag>
                  {dayjs(t.createdAt).format('MM-DD')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={title(<AppstoreOutlined />, '常用服务')} extra={<Link to="/web/eventService/index">办事大厅</Link>}>
        {frequent.isPending ? (
          <Skeleton active />
        ) : !frequent.data?.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="办理过的事项会出现在这里" />
        ) : (
          <ul className={s.rows}>
            {frequent.data.map((it) => (
              <li key={it.id}>
                <Link className={s.rowTitle} to={it.path}>
                  {it.name}
                </Link>
                <span className={s.rowMeta}>{it.departmentName}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
