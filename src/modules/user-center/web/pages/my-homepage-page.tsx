import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd';
import { CardList } from '../components/card-list';
import { taskCounts, listTasks } from '@/modules/workflow/api';
import { taskLink } from '@/shared/approval-links';
import { listMessages } from '@/modules/messages/api';
import { fetchMyFrequentItems, listItems } from '@/modules/service-hall/api';
import { fetchHome } from '../../api';
import { FAVORITE_KIND_LABELS } from '../../contract';
import { time, WEEKDAYS, yuan } from '../components/format';
import s from './user-center.module.css';

function HomeCard({
  title,
  to,
  children,
  extra,
}: {
  title: string;
  to: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Card title={title} extra={<Link to={to}>{extra ?? '查看全部'}</Link>} className={s.card}>
      {children}
    </Card>
  );
}

/** /web/userCenter/myHomepage: my pending tasks, unread messages, favourites, recent services, today's classes and card. */
export default function MyHomepagePage() {
  const home = useQuery({ queryKey: ['userCenter', 'home'], queryFn: () => fetchHome().then((r) => r.data) });
  const counts = useQuery({ queryKey: ['userCenter', 'taskCounts'], queryFn: () => taskCounts().then((r) => r.data) });
  const tasks = useQuery({
    queryKey: ['userCenter', 'tasks'],
    queryFn: () => listTasks({ type: 'dsp', page: 1, pageSize: 5 }).then((r) => r.data),
  });
  const messages = useQuery({
    queryKey: ['userCenter', 'messages'],
    queryFn: () => listMessages({ status: 'unread', page: 1, pageSize: 5 }, { silent: true }).then((r) => r.data),
  });
  const items = useQuery({
    queryKey: ['userCenter', 'itemFavorites', 'home'],
    queryFn: () => listItems({ favorites: true, page: 1, pageSize: 5 }).then((r) => r.data),
  });
  const recent = useQuery({ queryKey: ['userCenter', 'recent'], queryFn: () => fetchMyFrequentItems({ limit: 5 }) });
  const h = home.data;
  return (
    <div className={s.page}>
      <Typography.Title level={4}>个人主页</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <HomeCard title="我的待办" to="/web/taskCenter/taskWorkBench">
            <Statistic title="待审批" value={counts.data?.dsp ?? 0} loading={counts.isLoading} />
            <CardList
              items={tasks.data?.list ?? []}
              empty="暂无待办"
              rowKey={(t) => t.id}
              render={(t) => (
                <>
                  <Link to={taskLink(t.taskId ?? t.id)}>{t.title}</Link>
                  <span className={s.muted}>{t.applicantName}</span>
                </>
              )}
            />
          </HomeCard>
        </Col>
        <Col xs={24} lg={8}>
          <HomeCard
            title="未读消息"
            to="/web/userCenter/myHomepage"
            extra={<Badge count={messages.data?.total ?? 0} showZero />}
          >
            <CardList
              items={messages.data?.list ?? []}
              empty="没有未读消息"
              rowKey={(m) => m.id}
              render={(m) => (
                <>
                  {m.link ? <Link to={m.link}>{m.title}</Link> : m.title}
                  <span className={s.muted}>{time(m.createdAt)}</span>
                </>
              )}
            />
          </HomeCard>
        </Col>
        <Col xs={24} lg={8}>
          <HomeCard title="今日课程" to="/web/userCenter/myTimetable">
            <CardList
              items={h?.todayClasses ?? []}
              loading={home.isLoading}
              empty="今天没有课"
              rowKey={(_c, i) => i}
              render={(c) => (
                <>
                  <span>
                    {WEEKDAYS[c.weekday]} 第{c.periodStart}-{c.periodEnd}节 <strong>{c.courseName}</strong>
                  </span>
                  <span className={s.muted}>{c.room}</span>
                </>
              )}
            />
          </HomeCard>
        </Col>
        <Col xs={24} lg={8}>
          <HomeCard title="校园卡" to="/web/userCenter/mySmartCard">
            {h?.card ? (
              <Statistic
                title={
                  <>
                    余额 <Tag color={h.card.status === '正常' ? 'green' : 'red'}>{h.card.status}</Tag>
                  </>
                }
                value={yuan(h.card.balance)}
              />
            ) : (
              <Empty description="暂无校园卡数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
            {h && (
              <div className={s.muted}>
                在借图书 {h.loans.current} 本{h.loans.overdue ? `，逾期 ${h.loans.overdue} 本` : ''}（
                <Link to="/web/userCenter/myBookBorrow">我的借阅</Link>）
              </div>
            )}
          </HomeCard>
        </Col>
        <Col xs={24} lg={8}>
          <HomeCard title="我的收藏" to="/web/userCenter/myCollection">
            <CardList
              items={[
                ...(items.data?.list ?? []).map((i) => ({
                  key: `item-${i.id}`,
                  title: i.name,
                  link: i.path,
                  kind: FAVORITE_KIND_LABELS.item,
                })),
                ...(h?.favorites ?? []).map((f) => ({
                  key: `${f.kind}-${f.refKey}`,
                  title: f.title,
                  link: f.link,
                  kind: FAVORITE_KIND_LABELS[f.kind],
                })),
              ].slice(0, 6)}
              empty="还没有收藏"
              rowKey={(f) => f.key}
              render={(f) => (
                <>
                  <Link to={f.link}>{f.title}</Link>
                  <Tag>{f.kind}</Tag>
                </>
              )}
            />
          </HomeCard>
        </Col>
        <Col xs={24} lg={8}>
          <HomeCard title="最近使用的服务" to="/web/eventService/index">
            <CardList
              items={recent.data ?? []}
              empty="还没有办理过事项"
              rowKey={(item) => item.path}
              render={(i) => (
                <>
                  <Link to={i.path}>{i.name}</Link>
                  <span className={s.muted}>{i.departmentName}</span>
                </>
              )}
            />
          </HomeCard>
        </Col>
      </Row>
    </div>
  );
}
