import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  CapsuleTabs,
  Dialog,
  ErrorBlock,
  List,
  NavBar,
  NoticeBar,
  Skeleton,
  Tag,
  Toast,
} from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { book, bookingOverview, cancelBooking, daySlots, myBookings } from '../../api';
import { BOOKING_STATUS_LABELS, type BookingRow, type SlotView } from '../../contract';
import { dayLabel, fullAlternatives, idParam, slotLabel, span } from '../../components/labels';
import frame from '@/core/ui/phone-page.module.css';
import s from './mobile-booking.module.css';

/** /mobile/booking?id=<item>: pick a day, then a slot, and book; below (or without an item) my bookings. */
export default function MobileBookingPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const itemId = idParam(params.get('id') ?? params.get('itemId'));
  return (
    <div className={frame.page}>
      <NavBar
        className={frame.nav}
        onBack={() => navigate(-1)}
        right={<a onClick={() => navigate('/mobile/applyCall')}>回电</a>}
      >
        {itemId ? '预约办理' : '我的预约'}
      </NavBar>
      <div className={frame.body}>
        {itemId ? <ItemBooking itemId={itemId} /> : null}
        <MyBookings />
      </div>
    </div>
  );
}

function ItemBooking({ itemId }: { itemId: number }) {
  const qc = useQueryClient();
  const overview = useQuery({
    queryKey: ['booking', 'overview', itemId],
    queryFn: () => bookingOverview(itemId).then((r) => r.data),
  });
  const [date, setDate] = useState<string | undefined>();
  const days = overview.data?.days ?? [];
  const current = date ?? days.find((d) => d.free > 0)?.date ?? days[0]?.date;
  const slots = useQuery({
    queryKey: ['booking', 'slots', itemId, current],
    queryFn: () => daySlots(itemId, current).then((r) => r.data),
    enabled: !!current,
  });
  if (overview.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!overview.data) return <ErrorBlock status="empty" title="该事项暂不提供预约" description="" />;
  const o = overview.data;
  const blocked = o.noShows !== null && o.noShows >= o.noShowLimit;

  const tryBook = async (slot: SlotView): Promise<void> => {
    const yes = await Dialog.confirm({
      title: '确认预约',
      content: `${o.item.name}\n${slotLabel(slot.startAt, slot.endAt)}\n${slot.windowName}（${slot.location}）`,
      confirmText: '预约',
    });
    if (!yes) return;
    try {
      await book({ slotId: slot.id, itemId, phone: '', note: '' });
      Toast.show({ icon: 'success', content: '预约成功' });
    } catch (e) {
      const alts = fullAlternatives(e);
      if (alts) {
        Dialog.show({
          title: '该时段已约满',
          content: alts.length ? '可选择以下时段：' : (e as Error).message,
          closeOnAction: true,
          actions: [
            ...alts.slice(0, 4).map((a) => ({
              key: String(a.id),
              text: `${slotLabel(a.startAt, a.endAt)} 余${a.capacity - a.booked}`,
              onClick: () => void tryBook(a),
            })),
            { key: 'close', text: '关闭' },
          ],
        });
      } else Toast.show({ icon: 'fail', content: (e as Error).message });
    }
    await qc.invalidateQueries({ queryKey: ['booking'] });
  };

  return (
    <Card className={s.card} title={o.item.name}>
      <div className={s.meta}>
        {o.item.departmentName}
        {o.windows.map((w) => ` · ${w.name}（${w.location}）`).join('')}
      </div>
      {o.noShows ? (
        <NoticeBar
          color={blocked ? 'error' : 'alert'}
          content={`近30天失约 ${o.noShows} 次${blocked ? '，暂停预约' : `，达到 ${o.noShowLimit} 次将暂停预约`}`}
          wrap
        />
      ) : null}
      {!o.canBook ? <NoticeBar color="info" content="您不在该事项的办理范围内" wrap /> : null}
      {!days.length ? (
        <ErrorBlock status="empty" title="未来两周暂无可预约时段" description="" />
      ) : (
        <>
          <CapsuleTabs activeKey={current ?? null} onChange={(k) => setDate(k)}>
            {days.map((d) => (
              <CapsuleTabs.Tab key={d.date} title={`${dayLabel(d.date).replace(/^\d+月/, '')}${d.free ? '' : ' 满'}`} />
            ))}
          </CapsuleTabs>
          <div className={s.slots}>
            {(slots.data ?? []).map((slot) => {
              const disabled = !slot.bookable || !o.canBook || blocked;
              return (
                <div
                  key={slot.id}
                  role="button"
                  aria-disabled={disabled}
                  className={s.slot}
                  onClick={() => (disabled ? undefined : void tryBook(slot))}
                >
                  <div>{span(slot.startAt, slot.endAt)}</div>
                  <div className={s.slotMeta}>
                    {slot.booked >= slot.capacity ? '已约满' : `余 ${slot.capacity - slot.booked}`}
                  </div>
                </div>
              );
            })}
          </div>
        </>
      )}
    </Card>
  );
}

function MyBookings() {
  const qc = useQueryClient();
  const q = { page: 1, pageSize: 50, scope: 'all' as const };
  const list = useQuery({ queryKey: ['booking', 'mine', q], queryFn: () => myBookings(q).then((r) => r.data) });
  const cancel = async (b: BookingRow) => {
    if (!(await Dialog.confirm({ content: `取消 ${slotLabel(b.slotStart, b.slotEnd)} 的预约？` }))) return;
    await cancelBooking(b.id);
    Toast.show({ icon: 'success', content: '已取消预约' });
    await qc.invalidateQueries({ queryKey: ['booking'] });
  };
  if (list.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  return (
    <List header="我的预约">
      {!list.data?.list.length ? <List.Item>暂无预约</List.Item> : null}
      {list.data?.list.map((b) => (
        <List.Item
          key={b.id}
          description={
            <>
              <div className={s.meta}>
                {slotLabel(b.slotStart, b.slotEnd)} · {b.windowName}（{b.location}）
              </div>
              <div className={s.actions}>
                <Tag
                  color={
                    b.status === 'booked'
                      ? 'primary'
                      : b.status === 'attended'
                        ? 'success'
                        : b.status === 'no_show'
                          ? 'danger'
                          : 'default'
                  }
                >
                  {BOOKING_STATUS_LABELS[b.status]}
                </Tag>
                {b.cancellable ? (
                  <Button size="mini" color="danger" fill="outline" onClick={() => void cancel(b)}>
                    取消预约
                  </Button>
                ) : null}
              </div>
            </>
          }
        >
          {b.itemName}
        </List.Item>
      ))}
    </List>
  );
}
