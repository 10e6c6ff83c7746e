import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { fetchIcal, fetchTimetable, resetIcal, revokeIcal } from '../../api';
import type { ClassSlot } from '../../contract';
import { time, WEEKDAYS } from '../components/format';
import s from './user-center.module.css';

const PERIOD_ROWS = [1, 3, 5, 7, 9, 11];

function SlotDetail({ c }: { c: ClassSlot }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="课程">
        {c.courseName}（{c.courseCode}）
      </Descriptions.Item>
      <Descriptions.Item label="任课教师">{c.teacher}</Descriptions.Item>
      <Descriptions.Item label="上课时间">
        {WEEKDAYS[c.weekday]} 第{c.periodStart}-{c.periodEnd}节，第{c.weekStart}-{c.weekEnd}周
      </Descriptions.Item>
      <Descriptions.Item label="教室">{c.room}</Descriptions.Item>
      {c.className && <Descriptions.Item label="上课班级">{c.className}</Descriptions.Item>}
    </Descriptions>
  );
}

/** The subscription link: made on demand, shown once, revocable. */
function IcalCard() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const info = useQuery({ queryKey: ['userCenter', 'ical'], queryFn: () => fetchIcal().then((r) => r.data) });
  const [url, setUrl] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: resetIcal,
    onSuccess: (r) => {
      setUrl(r.data.url ? `${window.location.origin}${r.data.url}` : null);
      void qc.invalidateQueries({ queryKey: ['userCenter', 'ical'] });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeIcal,
    onSuccess: () => {
      setUrl(null);
      message.success('订阅链接已停用');
      void qc.invalidateQueries({ queryKey: ['userCenter', 'ical'] });
    },
  });
  return (
    <Card title="日历订阅（iCalendar）" size="small">
      {url && (
        <Alert
          type="success"
          style={{ marginBottom: 8 }}
          title="请复制下面的链接，添加到手机或电脑日历的“订阅日历”中（只显示这一次）"
          description={<Typography.Text copyable>{url}</Typography.Text>}
        />
      )}
      <Space>
        <span>{info.data?.active ? `已生成订阅链接（${time(info.data.createdAt)}）` : '尚未生成订阅链接'}</span>
        <Button onClick={() => reset.mutate()} loading={reset.isPending}>
          {info.data?.active ? '重新生成' : '生成订阅链接'}
        </Button>
        {info.data?.active && (
          <Popconfirm title="停用后，已订阅的日历将不再更新" onConfirm={() => revoke.mutate()}>
            <Button danger>停用</Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}

/** /web/userCenter/myTimetable: the week's grid by term week, today and the next class, details, subscription. */
export default function MyTimetablePage() {
  const [week, setWeek] = useState<number | undefined>();
  const [open, setOpen] = useState<ClassSlot | null>(null);
  const tt = useQuery({
    queryKey: ['userCenter', 'timetable', week],
    queryFn: () => fetchTimetable(week).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const d = tt.data;
  const at = (weekday: number, p: number) =>
    (d?.slots ?? []).filter((c) => c.weekday === weekday && c.periodStart >= p && c.periodStart < p + 2);
  return (
    <div className={s.page}>
      <Card
        title={`我的课表 ${d ? `· ${d.term.name}` : ''}`}
        loading={tt.isLoading}
        extra={
          d && (
            <Select
              aria-label="教学周"
              style={{ width: 170 }}
              value={d.week}
              onChange={setWeek}
              options={Array.from({ length: d.term.weeks }, (_, i) => ({
                value: i + 1,
                label: `第 ${i + 1} 周${i + 1 === d.currentWeek ? '（本周）' : ''}`,
              }))}
            />
          )
        }
      >
        {d && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert
              type="info"
              title={
                <>
                  今天 {d.today}
                  {d.currentWeek ? `，第 ${d.currentWeek} 周` : '（不在本学期教学周内）'}：
                  {d.todayClasses.length
                    ? d.todayClasses
                        .map((c) => `第${c.periodStart}-${c.periodEnd}节 ${c.courseName}（${c.room}）`)
                        .join('；')
                    : '今天没有课'}
                  {d.next &&
                    `。下一节：${d.next.date} ${WEEKDAYS[d.next.weekday]} 第${d.next.periodStart}节 ${d.next.courseName}（${d.next.room}）`}
                </>
              }
            />
            <table className={s.grid} aria-label="周课表">
              <thead>
                <tr>
                  <th style={{ width: 90 }}>节次</th>
                  {WEEKDAYS.slice(1).map((w) => (
                    <th key={w}>{w}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PERIOD_ROWS.map((p) => (
                  <tr key={p}>
                    <th>
                      第{p}-{p + 1}节
                    </th>
                    {[1, 2, 3, 4, 5, 6, 7].map((wd) => (
                      <td key={wd}>
                        {at(wd, p).map((c) => (
                          <div
                            key={c.id}
                            className={s.slot}
                            role="button"
                            tabIndex={0}
                            onClick={() => setOpen(c)}
                            onKeyDown={(e) => e.key === 'Enter' && setOpen(c)}
                          >
                            <strong>{c.courseName}</strong>
                            <div>{c.room}</div>
                          </div>
                        ))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <IcalCard />
          </Space>
        )}
      </Card>
      <Modal title="课程详情" open={!!open} footer={null} onCancel={() => setOpen(null)}>
        {open && <SlotDetail c={open} />}
      </Modal>
    </div>
  );
}
