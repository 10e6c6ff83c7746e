import { useState, type CSSProperties } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, List, NoticeBar, Popup, Skeleton, Tabs } from 'antd-mobile';
import { fetchTimetable } from '../../api';
import type { ClassSlot } from '../../contract';
import { WEEKDAYS } from '../../web/components/format';
import { PhoneFrame, phone } from '../components/phone-frame';

/** /mobile/myTimetable: a term week day by day, today and the next class, details in a sheet. */
export default function MobileTimetablePage() {
  const [week, setWeek] = useState<number | undefined>();
  const [open, setOpen] = useState<ClassSlot | null>(null);
  const tt = useQuery({
    queryKey: ['userCenter', 'timetable', week],
    queryFn: () => fetchTimetable(week).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const d = tt.data;
  const todayWeekday = d?.todayClasses[0]?.weekday;
  return (
    <PhoneFrame title="我的课表">
      {!d ? (
        <div className={phone.body}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <>
          <NoticeBar
            content={
              d.next
                ? `下一节：${d.next.date} ${WEEKDAYS[d.next.weekday]} 第${d.next.periodStart}节 ${d.next.courseName} ${d.next.room}`
                : '本学期没有更多课程'
            }
            color="info"
            // antd-mobile's info bar draws the primary (#1366db) on #d0e4ff: 4.1:1; this blue reads 6:1.
            style={{ '--text-color': '#0f4fa8' } as CSSProperties}
            wrap
          />
          <div
            className={phone.search}
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Button size="small" disabled={d.week <= 1} onClick={() => setWeek(d.week - 1)}>
              上一周
            </Button>
            <span>
              第 {d.week} 周{d.week === d.currentWeek ? '（本周）' : ''}
            </span>
            <Button size="small" disabled={d.week >= d.term.weeks} onClick={() => setWeek(d.week + 1)}>
              下一周
            </Button>
          </div>
          <Tabs className={phone.tabs} defaultActiveKey={String(todayWeekday ?? 1)}>
            {[1, 2, 3, 4, 5, 6, 7].map((wd) => {
              const day = d.slots.filter((c) => c.weekday === wd);
              return (
                <Tabs.Tab title={WEEKDAYS[wd]} key={String(wd)}>
                  <List aria-label={`${WEEKDAYS[wd]}课程`}>
                    {day.length ? (
                      day.map((c) => (
                        <List.Item
                          key={c.id}
                          description={`第${c.periodStart}-${c.periodEnd}节 · ${c.room}`}
                          onClick={() => setOpen(c)}
                        >
                          {c.courseName}
                        </List.Item>
                      ))
                    ) : (
                      <List.Item>没有课</List.Item>
                    )}
                  </List>
                </Tabs.Tab>
              );
            })}
          </Tabs>
        </>
      )}
      <Popup visible={!!open} onMaskClick={() => setOpen(null)} bodyStyle={{ padding: 16 }}>
        {open && (
          <List header={open.courseName}>
            <List.Item extra={open.courseCode}>课程代码</List.Item>
            <List.Item extra={open.teacher}>任课教师</List.Item>
            <List.Item extra={`${WEEKDAYS[open.weekday]} 第${open.periodStart}-${open.periodEnd}节`}>时间</List.Item>
            <List.Item extra={`第${open.weekStart}-${open.weekEnd}周`}>周次</List.Item>
            <List.Item extra={open.room}>教室</List.Item>
          </List>
        )}
      </Popup>
    </PhoneFrame>
  );
}
