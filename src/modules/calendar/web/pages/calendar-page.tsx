import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import FullCalendar from '@fullcalendar/react';
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import zhCn from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import { fetchCalendar } from '../../api';
import {
  SCHOOL_KIND_COLORS,
  SCHOOL_KIND_LABELS,
  teachingWeek,
  type EventView,
  type SchoolEntryView,
} from '../../contract';
import {
  DEPARTMENT_COLOR,
  PERSONAL_COLOR,
  dayText,
  eventColor,
  nextDay,
  schoolColor,
  tagColor,
} from '../../components/event-colors';
import { EventModal, draftOf, type EventDraft } from './event-modal';
import { FeedModal } from './feed-modal';
import styles from './calendar-page.module.css';

type Extended = { school?: SchoolEntryView; event?: EventView };

/**
 * /web/lightApps/calendar: the school calendar with teaching weeks, the person's and the department's
 * events (month, week, agenda), new events by clicking a day, and the phone-calendar subscription.
 * FullCalendar lives only in this page's chunk.
 */
export default function CalendarPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const data = useQuery({
    queryKey: ['calendar', 'events', range],
    queryFn: () => fetchCalendar(range!).then((r) => r.data),
    enabled: !!range,
    placeholderData: (prev) => prev,
  });
  const answer = data.data;
  const events = useMemo<EventInput[]>(() => {
    if (!answer) return [];
    return [
      ...[...answer.terms, ...answer.school].map((s) => ({
        id: `s${s.id}`,
        // A term only tints its days (its teaching weeks are the week numbers); the rest are bars.
        title: s.kind === 'term' ? '' : `${SCHOOL_KIND_LABELS[s.kind]}：${s.title}`,
        start: s.startDate,
        end: nextDay(s.endDate),
        allDay: true,
        color: s.kind === 'term' ? '#f0f7ff' : tagColor(schoolColor(s)),
        display: s.kind === 'term' ? 'background' : 'auto',
        extendedProps: { school: s } satisfies Extended,
      })),
      ...answer.events.map((e) => ({
        id: `e${e.id}`,
        title: e.scope === 'department' ? `[${e.departmentName}] ${e.title}` : e.title,
        start: e.startAt,
        end: e.allDay ? nextDay(dayText(new Date(e.endAt))) : e.endAt,
        allDay: e.allDay,
        // White titles on the bars: the hue darkened to 4.5:1 (axe color-contrast).
        color: tagColor(eventColor(e)),
        extendedProps: { event: e } satisfies Extended,
      })),
    ];
  }, [answer]);

  const termOf = (day: string) => answer?.terms.find((t) => t.startDate <= day && day <= t.endDate);
  const newDraft = (start: Date, allDay: boolean): EventDraft => {
    const s = dayjs(start).hour(allDay ? 0 : dayjs(start).hour() || 9);
    return {
      scope: 'personal',
      title: '',
      location: '',
      note: '',
      range: [s, allDay ? s : s.add(1, 'hour')],
      allDay,
      remind: 15,
    };
  };
  const onEventClick = (arg: EventClickArg) => {
    const x = arg.event.extendedProps as Extended;
    if (x.event?.editable) return setDraft(draftOf(x.event));
    const e = x.event;
    const s = x.school;
    Modal.info({
      title: e ? e.title : `${SCHOOL_KIND_LABELS[s!.kind]}：${s!.title}`,
      content: e ? (
        <div>
          <p>
            {dayjs(e.startAt).format('YYYY-MM-DD HH:mm')} — {dayjs(e.endAt).format('YYYY-MM-DD HH:mm')}
          </p>
          {e.location && <p>地点：{e.location}</p>}
          {e.departmentName && <p>部门：{e.departmentName}</p>}
          {e.note && <p>{e.note}</p>}
        </div>
      ) : (
        <div>
          <p>
            {s!.startDate} 至 {s!.endDate}
          </p>
          {s!.note && <p>{s!.note}</p>}
        </div>
      ),
    });
  };
  const initialDate = params.get('date') ?? undefined;

  return (
    <Card
      title="校历日程"
      extra={
        <Space wrap>
          {(['term', 'holiday', 'exam', 'other'] as const).map((k) => (
            <Tag key={k} variant="solid" color={tagColor(SCHOOL_KIND_COLORS[k])}>
              {SCHOOL_KIND_LABELS[k]}
            </Tag>
          ))}
          <Tag variant="solid" color={tagColor(PERSONAL_COLOR)}>
            个人日程
          </Tag>
          <Tag variant="solid" color={tagColor(DEPARTMENT_COLOR)}>
            部门日程{answer?.departmentName ? `（${answer.departmentName}）` : ''}
          </Tag>
          <Button onClick={() => setFeedOpen(true)}>订阅到手机日历</Button>
          <Button type="primary" onClick={() => setDraft(newDraft(new Date(), false))}>
            新建日程
          </Button>
        </Space>
      }
    >
      <div className={styles.calendar}>
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          locale={zhCn}
          initialView="dayGridMonth"
          initialDate={initialDate}
          height={720}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' }}
          buttonText={{ listWeek: '日程列表' }}
          // FullCalendar's hints (the buttons' titles, the prev/next buttons' names) are English
          // even with the zh-cn locale.
          buttonHints={{ prev: '上一$0', next: '下一$0', today: '回到今天' }}
          viewHint="切换到$0视图"
          navLinkHint="转到$0"
          moreLinkHint={(n: number) => `另外 ${n} 个日程`}
          closeHint="关闭"
          eventHint="日程"
          // A day cell is named by its day number (aria-labelledby) while it also shows the week
          // and the events: axe label-content-name-mismatch. Its content names it instead.
          dayCellDidMount={(a) => a.el.removeAttribute('aria-labelledby')}
          // The chevrons are nameless role="img" spans (axe role-img-alt): the buttons say 上月/下月 instead.
          buttonIcons={false}
          weekNumbers
          weekText=""
          weekNumberContent={(arg) => {
            const day = dayText(arg.date);
            const t = termOf(day);
            return t ? `第${teachingWeek(t.startDate, day)}周` : '';
          }}
          events={events}
          datesSet={(a: DatesSetArg) => {
            setRange({ start: a.start.getTime(), end: a.end.getTime() });
          }}
          dateClick={(a: DateClickArg) => setDraft(newDraft(a.date, a.allDay))}
          eventClick={onEventClick}
          nowIndicator
        />
      </div>
      <EventModal
        draft={draft}
        canEditDepartment={!!answer?.canEditDepartment}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          void qc.invalidateQueries({ queryKey: ['calendar', 'events'] });
        }}
      />
      <FeedModal open={feedOpen} onClose={() => setFeedOpen(false)} />
    </Card>
  );
}
