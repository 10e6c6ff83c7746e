import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Progress, Select, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { attend, deskBookings, deskSlots } from '../../api';
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, type BookingRow, type BookingStatus } from '../../contract';
import { BOOKING_STATUS_COLORS, span, time } from '../../components/labels';
import s from './service-booking.module.css';
import { SearchInput } from '@/core/ui/text-input';
import { usePagedList } from '../components/use-paged-list';

const PAGE_SIZE = 20;

/** 预约签到 (/web/serviceDesk/bookings, /cms/serviceTool/bookings): a day's bookings of my department, by slot, with check-in. */
export default function BookingDeskPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [status, setStatus] = useState<BookingStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const { setPage, table } = usePagedList(
    ['booking', 'desk'],
    deskBookings,
    { date, status, keyword: keyword || undefined },
    PAGE_SIZE,
  );
  const slots = useQuery({
    queryKey: ['booking', 'deskSlots', date],
    queryFn: () => deskSlots(date).then((r) => r.data),
  });
  const checkIn = async (b: BookingRow) => {
    await attend(b.id);
    message.success(`${b.userName} 已签到`);
    await qc.invalidateQueries({ queryKey: ['booking'] });
  };
  const taken = (slots.data?.slots ?? []).reduce((n, x) => n + x.booked, 0);
  const seats = (slots.data?.slots ?? []).reduce((n, x) => n + x.capacity, 0);
  return (
    <div className={s.page}>
      <Card
        title="预约签到"
        extra={
          <Space wrap>
            <Button
              aria-label="前一天"
              onClick={() => {
                setDate(dayjs(date).subtract(1, 'day').format('YYYY-MM-DD'));
                setPage(1);
              }}
            >
              前一天
            </Button>
            <DatePicker
              allowClear={false}
              value={dayjs(date)}
              onChange={(d) => {
                if (d) setDate(d.format('YYYY-MM-DD'));
                setPage(1);
              }}
              aria-label="日期"
            />
            <Button
              aria-label="后一天"
              onClick={() => {
                setDate(dayjs(date).add(1, 'day').format('YYYY-MM-DD'));
                setPage(1);
              }}
            >
              后一天
            </Button>
            <Select<BookingStatus>
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={BOOKING_STATUSES.map((v) => ({ value: v, label: BOOKING_STATUS_LABELS[v] }))}
              aria-label="状态"
            />
            <SearchInput
              allowClear
              placeholder="姓名 / 学工号"
              style={{ width: 200 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
          </Space>
        }
      >
        <div className={s.gap}>
          当天 {slots.data?.slots.length ?? 0} 个时段，已约 {taken} / {seats}
          <div className={s.slots} style={{ marginTop: 12 }}>
            {(slots.data?.slots ?? []).map((x) => (
              <Tooltip
                key={x.id}
                title={`${x.windowName} ${span(x.startAt, x.endAt)}${x.status === 'closed' ? '（已关闭）' : ''}`}
              >
                <div>
                  <div style={{ fontSize: 12 }}>
                    {span(x.startAt, x.endAt)} {x.windowName}
                  </div>
                  <Progress
                    aria-label={`${x.windowName} 已约`}
                    percent={Math.round((x.booked / x.capacity) * 100)}
                    format={() => `${x.booked}/${x.capacity}`}
                    size="small"
                    status={x.booked >= x.capacity ? 'exception' : 'normal'}
                  />
                </div>
              </Tooltip>
            ))}
          </div>
        </div>
        <Table<BookingRow>
          rowKey="id"
          {...table}
          locale={{ emptyText: '当天没有预约' }}
          columns={[
            { title: '时段', key: 'slot', width: 120, render: (_: unknown, r) => span(r.slotStart, r.slotEnd) },
            { title: '窗口', dataIndex: 'windowName' },
            { title: '事项', dataIndex: 'itemName' },
            { title: '预约人', key: 'who', render: (_: unknown, r) => `${r.userName}（${r.userNo}）` },
            { title: '电话', dataIndex: 'phone', width: 130 },
            { title: '备注', dataIndex: 'note', ellipsis: true },
            { title: '预约时间', dataIndex: 'createdAt', width: 150, render: (v: number) => time(v) },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: BookingStatus) => <Tag color={BOOKING_STATUS_COLORS[v]}>{BOOKING_STATUS_LABELS[v]}</Tag>,
            },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_: unknown, r) =>
                r.status === 'booked' ||
                (r.status === 'no_show' && time(r.slotStart).slice(0, 10) === dayjs().format('YYYY-MM-DD')) ? (
                  <Button size="small" type="primary" onClick={() => void checkIn(r)}>
                    签到
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </div>
  );
}
