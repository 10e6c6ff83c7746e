import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Calendar,
  DatePicker,
  Dialog,
  ErrorBlock,
  Form,
  List,
  NavBar,
  Picker,
  Popup,
  Switch,
  Tag,
  Toast,
} from 'antd-mobile';
import dayjs from 'dayjs';
import '@/core/ui/antd-mobile-setup';
import { MobileInput, MobileTextArea } from '@/core/ui/mobile-text-input';
import p from '@/core/ui/phone-page.module.css';
import { createFeed, deleteEvent, fetchCalendar, fetchFeed, revokeFeed, saveEvent } from '../../api';
import {
  LOCATION_MAX,
  REMIND_CHOICES,
  REMIND_LABELS,
  SCHOOL_KIND_LABELS,
  TEXT_MAX,
  TITLE_MAX,
  teachingWeek,
  type EventView,
} from '../../contract';
import { dayText, eventColor, schoolColor, tagColor } from '../../components/event-colors';
import s from './mobile-calendar.module.css';

interface Draft {
  id?: number;
  title: string;
  location: string;
  note: string;
  start: Date;
  end: Date;
  allDay: boolean;
  remind: number;
}

const remindColumns = [
  [{ value: '-1', label: '不提醒' }, ...REMIND_CHOICES.map((m) => ({ value: String(m), label: REMIND_LABELS[m] }))],
];

function EventSheet({ draft, onClose, onSaved }: { draft: Draft | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Draft>();
  const save = useMutation({
    mutationFn: (v: Draft) =>
      saveEvent({
        id: draft?.id,
        scope: 'personal',
        title: v.title,
        location: v.location ?? '',
        note: v.note ?? '',
        startAt: (v.allDay ? dayjs(v.start).startOf('day') : dayjs(v.start)).valueOf(),
        endAt: (v.allDay ? dayjs(v.end).endOf('day') : dayjs(v.end)).valueOf(),
        allDay: v.allDay,
        remindMinutes: v.remind < 0 ? undefined : v.remind,
      }),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '日程已保存' });
      onSaved();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteEvent(draft!.id!),
    onSuccess: () => {
      Toast.show({ icon: 'success', content: '日程已删除' });
      onSaved();
    },
  });
  return (
    <Popup
      visible={!!draft}
      onMaskClick={onClose}
      destroyOnClose
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {draft && (
        <div className={s.sheet}>
          <Form
            form={form}
            initialValues={draft}
            onFinish={(v) => save.mutate(v)}
            footer={
              <Button block type="submit" color="primary" loading={save.isPending}>
                保存
              </Button>
            }
          >
            <Form.Header>{draft.id ? '编辑日程' : '新建个人日程'}</Form.Header>
            <Form.Item
              name="title"
              label="标题"
              rules={[{ required: true, whitespace: true, message: '请填写日程标题' }]}
            >
              <MobileInput maxLength={TITLE_MAX} placeholder="例如：小组讨论" clearable />
            </Form.Item>
            <Form.Item name="allDay" label="全天" childElementPosition="right" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="start"
              label="开始"
              trigger="onConfirm"
              onClick={(_, ref) => ref.current?.open()}
              rules={[{ required: true }]}
            >
              <DatePicker precision="minute">{(v) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '请选择')}</DatePicker>
            </Form.Item>
            <Form.Item
              name="end"
              label="结束"
              trigger="onConfirm"
              onClick={(_, ref) => ref.current?.open()}
              rules={[{ required: true }]}
            >
              <DatePicker precision="minute">{(v) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '请选择')}</DatePicker>
            </Form.Item>
            <Form.Item name="location" label="地点">
              <MobileInput maxLength={LOCATION_MAX} clearable />
            </Form.Item>
            <Form.Item
              name="remind"
              label="提醒"
              trigger="onConfirm"
              onClick={(_, ref) => ref.current?.open()}
              getValueProps={(v: number) => ({ value: [String(v)] })}
              getValueFromEvent={(v: (string | null)[]) => Number(v[0] ?? -1)}
            >
              <Picker columns={remindColumns}>{(items) => items[0]?.label ?? '不提醒'}</Picker>
            </Form.Item>
            <Form.Item name="note" label="备注">
              <MobileTextArea maxLength={TEXT_MAX} rows={2} />
            </Form.Item>
          </Form>
          {draft.id && (
            <Button
              block
              color="danger"
              fill="outline"
              style={{ marginTop: 8 }}
              loading={remove.isPending}
              onClick={() =>
                void Dialog.confirm({
                  content: '确定删除这个日程？',
                  onConfirm: async () => void (await remove.mutateAsync()),
                })
              }
            >
              删除
            </Button>
          )}
        </div>
      )}
    </Popup>
  );
}

function FeedSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const status = useQuery({
    queryKey: ['calendar', 'feed'],
    queryFn: () => fetchFeed().then((r) => r.data),
    enabled: open,
  });
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createFeed().then((r) => r.data),
    onSuccess: (d) => {
      setUrl(d.url);
      void qc.invalidateQueries({ queryKey: ['calendar', 'feed'] });
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeFeed(),
    onSuccess: () => {
      setUrl(null);
      Toast.show({ content: '订阅链接已停用' });
      void qc.invalidateQueries({ queryKey: ['calendar', 'feed'] });
    },
  });
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className={s.sheet}>
        <h3>订阅到手机日历</h3>
        <p className={p.meta}>在手机“日历”中添加订阅日历并粘贴链接，即可同步校历和日程。链接相当于密码，请勿转发。</p>
        <p>状态：{status.data?.active ? '已开启' : '未开启'}</p>
        {url && (
          <>
            <div className={s.link}>{url}</div>
            <a href={url.replace(/^https?:/, 'webcal:')}>添加到本机日历</a>
          </>
        )}
        <div className={s.actions}>
          <Button color="primary" loading={create.isPending} onClick={() => create.mutate()}>
            {status.data?.active ? '重新生成' : '生成链接'}
          </Button>
          {status.data?.active && (
            <Button color="danger" fill="outline" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              停用
            </Button>
          )}
        </div>
      </div>
    </Popup>
  );
}

/** /mobile/calendar: the month with the school calendar, the chosen day's events, new personal events, the subscription. */
export default function MobileCalendarPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  // A reminder's link names its day (?date=YYYY-MM-DD): the page opens on it.
  const asked = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : null;
  const [month, setMonth] = useState(() => dayjs(asked ?? undefined).startOf('month'));
  const [day, setDay] = useState(() => asked ?? dayText(new Date()));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const range = useMemo(
    () => ({ start: month.subtract(7, 'day').valueOf(), end: month.add(1, 'month').add(7, 'day').valueOf() }),
    [month],
  );
  const data = useQuery({
    queryKey: ['calendar', 'events', range],
    queryFn: () => fetchCalendar(range).then((r) => r.data),
  });
  const a = data.data;
  const onDay = (d: string) => ({
    school: [...(a?.school ?? [])].filter((x) => x.startDate <= d && d <= x.endDate),
    events: (a?.events ?? []).filter((e) => dayText(new Date(e.startAt)) <= d && d <= dayText(new Date(e.endAt))),
  });
  const today = onDay(day);
  const term = a?.terms.find((t) => t.startDate <= day && day <= t.endDate);
  const open = (e: EventView) => {
    if (!e.editable) {
      void Dialog.alert({
        title: e.title,
        content: `${dayjs(e.startAt).format('MM-DD HH:mm')} — ${dayjs(e.endAt).format('MM-DD HH:mm')} ${e.location}`,
      });
      return;
    }
    setDraft({
      id: e.id,
      title: e.title,
      location: e.location,
      note: e.note,
      start: new Date(e.startAt),
      end: new Date(e.endAt),
      allDay: e.allDay,
      remind: e.remindMinutes ?? -1,
    });
  };
  const fresh = (): Draft => {
    const start = dayjs(`${day} 09:00`).toDate();
    return {
      title: '',
      location: '',
      note: '',
      start,
      end: dayjs(start).add(1, 'hour').toDate(),
      allDay: false,
      remind: 15,
    };
  };
  return (
    <div className={p.page}>
      <NavBar
        className={p.nav}
        onBack={() => navigate('/mobile/home')}
        right={
          <a role="button" onClick={() => setFeedOpen(true)}>
            订阅
          </a>
        }
      >
        校历日程
      </NavBar>
      <div className={s.cal}>
        <Calendar
          selectionMode="single"
          value={dayjs(day).toDate()}
          onChange={(v) => v && setDay(dayText(v))}
          onPageChange={(y, m) => setMonth(dayjs(`${y}-${String(m).padStart(2, '0')}-01`))}
          renderLabel={(date) => {
            const x = onDay(dayText(date));
            const colors = [...x.school.map(schoolColor), ...x.events.map(eventColor)].slice(0, 3);
            return (
              <span className={s.dots}>
                {colors.map((c, i) => (
                  <i key={i} className={s.dot} style={{ background: c }} />
                ))}
              </span>
            );
          }}
        />
      </div>
      <List header={`${day}${term ? ` · ${term.title} 第${teachingWeek(term.startDate, day)}周` : ''}`}>
        {today.school.map((x) => (
          <List.Item
            key={`s${x.id}`}
            prefix={<Tag color={tagColor(schoolColor(x))}>{SCHOOL_KIND_LABELS[x.kind]}</Tag>}
            description={`${x.startDate} 至 ${x.endDate}`}
          >
            {x.title}
          </List.Item>
        ))}
        {today.events.map((e) => (
          <List.Item
            key={`e${e.id}`}
            onClick={() => open(e)}
            prefix={<Tag color={tagColor(eventColor(e))}>{e.scope === 'department' ? '部门' : '个人'}</Tag>}
            description={`${e.allDay ? '全天' : `${dayjs(e.startAt).format('HH:mm')}—${dayjs(e.endAt).format('HH:mm')}`}${e.location ? ` · ${e.location}` : ''}`}
          >
            {e.title}
          </List.Item>
        ))}
      </List>
      {!data.isPending && !today.school.length && !today.events.length && (
        <ErrorBlock status="empty" title="这一天没有安排" description="" />
      )}
      <div className={s.actions}>
        <Button color="primary" onClick={() => setDraft(fresh())}>
          新建日程
        </Button>
      </div>
      <EventSheet
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          void qc.invalidateQueries({ queryKey: ['calendar', 'events'] });
        }}
      />
      <FeedSheet open={feedOpen} onClose={() => setFeedOpen(false)} />
    </div>
  );
}
