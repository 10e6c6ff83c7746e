import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Grid, List, Skeleton } from 'antd-mobile';
import { taskCounts } from '@/modules/workflow/api';
import { messageCount } from '@/modules/messages/api';
import { fetchHome } from '../../api';
import { time, WEEKDAYS, yuan } from '../../web/components/format';
import { PhoneFrame, phone } from '../components/phone-frame';

/** /mobile/myHomepage: the personal home on a phone — pending, unread, today's classes, card, loans, favourites. */
export default function MobileHomepagePage() {
  const navigate = useNavigate();
  const home = useQuery({ queryKey: ['userCenter', 'home'], queryFn: () => fetchHome().then((r) => r.data) });
  const counts = useQuery({ queryKey: ['userCenter', 'taskCounts'], queryFn: () => taskCounts().then((r) => r.data) });
  const unread = useQuery({
    queryKey: ['messages', 'count'],
    queryFn: () => messageCount({ silent: true }).then((r) => r.data.unread),
  });
  const h = home.data;
  return (
    <PhoneFrame title="个人主页">
      <div className={phone.body}>
        <Grid columns={3} gap={8}>
          <Grid.Item onClick={() => navigate('/mobile/taskPending')}>
            <Card title="待办">
              <Badge content={counts.data?.dsp || null}>{counts.data?.dsp ?? 0} 件</Badge>
            </Card>
          </Grid.Item>
          <Grid.Item onClick={() => navigate('/mobile/messages')}>
            <Card title="未读消息">{unread.data ?? 0} 条</Card>
          </Grid.Item>
          <Grid.Item onClick={() => navigate('/mobile/mySmartCard')}>
            <Card title="校园卡">{h?.card ? yuan(h.card.balance) : '—'}</Card>
          </Grid.Item>
        </Grid>
        {home.isLoading ? (
          <Skeleton.Paragraph lineCount={5} animated />
        ) : (
          h && (
            <>
              <List header="今日课程">
                {h.todayClasses.length ? (
                  h.todayClasses.map((c) => (
                    <List.Item
                      key={c.id}
                      description={`${WEEKDAYS[c.weekday]} 第${c.periodStart}-${c.periodEnd}节 · ${c.room}`}
                      onClick={() => navigate('/mobile/myTimetable')}
                    >
                      {c.courseName}
                    </List.Item>
                  ))
                ) : (
                  <List.Item onClick={() => navigate('/mobile/myTimetable')}>今天没有课</List.Item>
                )}
              </List>
              <List header="我的借阅">
                <List.Item
                  onClick={() => navigate('/mobile/myBookBorrow')}
                  extra={h.loans.overdue ? `逾期 ${h.loans.overdue} 本` : ''}
                >
                  在借 {h.loans.current} 本
                </List.Item>
              </List>
              <List header="我的收藏">
                {h.favorites.map((f) => (
                  <List.Item key={f.id}>{f.title}</List.Item>
                ))}
                <List.Item onClick={() => navigate('/mobile/myCollection')}>查看全部收藏</List.Item>
              </List>
              <List header="最近访问">
                {h.footprints.map((f) => (
                  <List.Item key={f.id} description={time(f.visitedAt)}>
                    {f.title}
                  </List.Item>
                ))}
                <List.Item onClick={() => navigate('/mobile/myFootprint')}>查看全部足迹</List.Item>
              </List>
            </>
          )
        )}
      </div>
    </PhoneFrame>
  );
}
