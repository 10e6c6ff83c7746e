import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  List,
  Modal,
  Segmented,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { bookingOverview, book, cancelBooking, daySlots, myBookings } from '../../api';
import { BOOKING_STATUS_LABELS, PHONE_PATTERN, type BookingRow, type SlotView } from '../../contract';
import {
  BOOKING_STATUS_COLORS,
  fullAlternatives,
  applyCallPath,
  dayLabel,
  idParam,
  itemGuidePath,
  slotLabel,
  span,
  time,
} from '../../components/labels';
import { MyCallbacks } from '../components/my-callbacks';
import s from './service-booking.module.css';
import { TextArea, TextInput } from '@/core/ui/text-input';

const PAGE_SIZE = 10;

/** /web/eventService/orderline?id=<item>: book a slot of an item; without an item, my bookings and call-back requests. */
export default function OrderlinePage() {
  const [params] = useSearchParams();
  const itemId = idParam(params.get('id') ?? params.get('itemId'));
  return (
    <div className={s.page}>
      {itemId ? <BookingPanel itemId={itemId} /> : null}
      <Card>
        <Tabs
          items={[
            { key: 'bookings', label: '我的预约', children: <MyBookings /> },
            { key: 'callbacks', label: '我的回电申请', children: <MyCallbacks /> },
          ]}
        />
      </Card>
    </div>
  );
}

function BookingPanel({ itemId }: { itemId: number }) {
  const { message } = App.useApp();
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
  const [picked, setPicked] = useState<SlotView | null>(null);
  const [full, setFull] = useState<{ slot: SlotView; alternatives: SlotView[]; message: string } | null>(null);
  const [form] = Form.useForm<{ phone: string; note: string }>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['booking'] });
  const mutation = useMutation({
    mutationFn: (v: { slot: SlotView; phone: string; note: string }) =>
      book({ slotId: v.slot.id, itemId, phone: v.phone ?? '', note: v.note ?? '' }),
    onSuccess: (_r, v) => {
      message.success(`预约成功：${slotLabel(v.slot.startAt, v.slot.endAt)}`);
      setPicked(null);
      setFull(null);
      form.resetFields();
      void refresh();
    },
    onError: (e, v) => {
      setPicked(null);
      const alternatives = fullAlternatives(e);
      if (alternatives) setFull({ slot: v.slot, alternatives, message: e.message });
      else message.error(e.message);
      void refresh();
    },
  });

  if (overview.isPending) return <Card loading />;
  if (overview.isError || !overview.data)
    return (
      <Card>
        <Empty description="该事项暂不提供预约" />
      </Card>
    );
  const o = overview.data;
  const blocked = o.noShows !== null && o.noShows >= o.noShowLimit;
  return (
    <Card
      title={`预约办理 · ${o.item.name}`}
      extra={
        <Space>
          <Link to={itemGuidePath(o.item.id)}>办事指南</Link>
          <Link to={applyCallPath(o.item.id)}>预约回电</Link>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {o.item.departmentName}
        {o.windows.map((w) => (
          <span key={w.id}>
            {' · '}
            {w.name}（{w.location}）{w.cutoffMinutes ? `，开始前 ${w.cutoffMinutes} 分钟截止预约和取消` : ''}
          </span>
        ))}
      </Typography.Paragraph>
      {o.noShows ? (
        <Alert
          className={s.gap}
          type={blocked ? 'error' : 'warning'}
          showIcon
          title={`近30天失约 ${o.noShows} 次${blocked ? `，已达 ${o.noShowLimit} 次上限，暂停预约` : `，达到 ${o.noShowLimit} 次将暂停预约`}`}
        />
      ) : null}
      {!o.canBook ? (
        <Alert className={s.gap} type="info" showIcon title="您不在该事项的办理范围内，或尚未登录" />
      ) : null}
      {!days.length ? (
        <Empty description="未来两周暂无可预约时段" />
      ) : (
        <>
          <Segmented
            className={s.gap}
            value={current}
            onChange={(v) => setDate(String(v))}
            options={days.map((d) => ({
              value: d.date,
              label: (
                <div className={s.day}>
                  <div>{dayLabel(d.date)}</div>
                  <div className={d.free ? s.free : s.none}>{d.free ? `余 ${d.free}` : '约满'}</div>
                </div>
              ),
            }))}
          />
          <Spin spinning={slots.isFetching}>
            <div className={s.slots}>
              {(slots.data ?? []).map((slot) => (
                <Button
                  key={slot.id}
                  className={s.slot}
                  disabled={!slot.bookable || !o.canBook || blocked}
                  onClick={() => setPicked(slot)}
                  aria-label={`${span(slot.startAt, slot.endAt)} ${slot.windowName}`}
                >
                  <div>{span(slot.startAt, slot.endAt)}</div>
                  <div className={s.slotMeta}>
                    {slot.booked >= slot.capacity ? '已约满' : `余 ${slot.capacity - slot.booked}/${slot.capacity}`}
                    {o.windows.length > 1 ? ` · ${slot.windowName}` : ''}
                  </div>
                </Button>
              ))}
              {slots.data && !slots.data.length ? <Empty description="当天无开放时段" /> : null}
            </div>
          </Spin>
        </>
      )}
      <Modal
        open={!!picked}
        title="确认预约"
        okText="确认预约"
        confirmLoading={mutation.isPending}
        onCancel={() => setPicked(null)}
        onOk={() => form.validateFields().then((v) => picked && mutation.mutate({ slot: picked, ...v }))}
        destroyOnHidden
      >
        {picked ? (
          <Typography.Paragraph>
            {o.item.name} · {slotLabel(picked.startAt, picked.endAt)} · {picked.windowName}（{picked.location}）
          </Typography.Paragraph>
        ) : null}
        <Form form={form} layout="vertical" initialValues={{ phone: '', note: '' }}>
          <Form.Item
            name="phone"
            label="联系电话"
            rules={[{ pattern: new RegExp(PHONE_PATTERN), message: '请输入正确的手机号或座机号' }]}
            extra="留空则使用账号中的手机号"
          >
            <TextInput maxLength={20} />
          </Form.Item>
          <Form.Item name="note" label="备注">
            <TextArea maxLength={200} showCount rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!full} title="该时段已约满" footer={null} onCancel={() => setFull(null)}>
        <Alert type="warning" showIcon title={full?.message} className={s.gap} />
        {full?.alternatives.length ? (
          <List
            dataSource={full.alternatives}
            renderItem={(a) => (
              <List.Item
                actions={[
                  <Button
                    key="book"
                    type="primary"
                    size="small"
                    onClick={() => {
                      setFull(null);
                      setPicked(a);
                    }}
                  >
                    预约此时段
                  </Button>,
                ]}
              >
                {slotLabel(a.startAt, a.endAt)} · {a.windowName} · 余 {a.capacity - a.booked}
              </List.Item>
            )}
          />
        ) : null}
      </Modal>
    </Card>
  );
}

function MyBookings() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [scope, setScope] = useState<'upcoming' | 'all'>('upcoming');
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, scope };
  const list = useQuery({
    queryKey: ['booking', 'mine', q],
    queryFn: () => myBookings(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const cancel = (b: BookingRow) =>
    modal.confirm({
      title: '取消预约',
      content: `取消 ${slotLabel(b.slotStart, b.slotEnd)} 的「${b.itemName}」预约？`,
      okText: '取消预约',
      cancelText: '不取消',
      onOk: async () => {
        await cancelBooking(b.id);
        message.success('已取消预约');
        await qc.invalidateQueries({ queryKey: ['booking'] });
      },
    });
  return (
    <>
      <Flex justify="space-between" className={s.gap}>
        <Segmented
          value={scope}
          onChange={(v) => {
            setScope(v as 'upcoming' | 'all');
            setPage(1);
          }}
          options={[
            { value: 'upcoming', label: '待办理' },
            { value: 'all', label: '全部' },
          ]}
        />
      </Flex>
      <Table<BookingRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无预约，可在办事大厅选择支持预约的事项' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '事项',
            dataIndex: 'itemName',
            render: (t: string, r) => <Link to={`/web/eventService/orderline?id=${r.itemId}`}>{t}</Link>,
          },
          { title: '时段', key: 'slot', render: (_: unknown, r) => slotLabel(r.slotStart, r.slotEnd) },
          { title: '地点', key: 'where', render: (_: unknown, r) => `${r.windowName}（${r.location}）` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: BookingRow['status']) => <Tag color={BOOKING_STATUS_COLORS[v]}>{BOOKING_STATUS_LABELS[v]}</Tag>,
          },
          { title: '预约时间', dataIndex: 'createdAt', width: 150, render: (v: number) => time(v) },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, r) =>
              r.cancellable ? (
                <Button size="small" danger onClick={() => cancel(r)}>
                  取消
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
