import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Select, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { listDeliveries, retryDelivery } from '@/modules/messages/api';
import { MESSAGE_KIND_LABELS, type MessageKind } from '@/modules/messages/contract';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  type DeliveryRow,
  type DeliveryStatus,
  type NotifyChannel,
} from '@/modules/messages/notify-contract';
import s from './notify-pages.module.css';

const STATUS_COLOR: Record<DeliveryStatus, string> = { pending: 'processing', sent: 'success', failed: 'error' };
const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** /cms/message/notifyDelivery (发送记录): every outside delivery, paged in SQL, by channel and status; 重发 a failed one. */
export default function NotifyDeliveryPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<{ channel?: NotifyChannel; status?: DeliveryStatus }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: ['notify', 'deliveries', filter, paging],
    queryFn: () => listDeliveries({ ...filter, ...paging }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (id: number) => retryDelivery(id),
    onSuccess: () => {
      message.success('已重新加入发送队列，将在一分钟内发送');
      void qc.invalidateQueries({ queryKey: ['notify', 'deliveries'] });
    },
  });
  const change = (f: typeof filter) => {
    setFilter(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <div className={s.page}>
      <Card title="发送记录">
        <Form layout="inline" className={s.filters}>
          <Form.Item label="渠道">
            <Select
              aria-label="渠道"
              allowClear
              placeholder="全部"
              style={{ width: 160 }}
              value={filter.channel}
              onChange={(channel) => change({ ...filter, channel })}
              options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: NOTIFY_CHANNEL_LABELS[c] }))}
            />
          </Form.Item>
          <Form.Item label="状态">
            <Select
              aria-label="状态"
              allowClear
              placeholder="全部"
              style={{ width: 160 }}
              value={filter.status}
              onChange={(status) => change({ ...filter, status })}
              options={DELIVERY_STATUSES.map((v) => ({ value: v, label: DELIVERY_STATUS_LABELS[v] }))}
            />
          </Form.Item>
          <Form.Item>
            <Button onClick={() => void list.refetch()}>刷新</Button>
          </Form.Item>
        </Form>
        <Table<DeliveryRow>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无发送记录' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170, render: time },
            { title: '渠道', dataIndex: 'channel', width: 100, render: (c: NotifyChannel) => NOTIFY_CHANNEL_LABELS[c] },
            { title: '收件人', dataIndex: 'recipient', width: 110 },
            { title: '地址', dataIndex: 'address', width: 200 },
            { title: '类型', dataIndex: 'kind', width: 90, render: (k: MessageKind) => MESSAGE_KIND_LABELS[k] },
            { title: '标题', dataIndex: 'title', ellipsis: true },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: DeliveryStatus) => <Tag color={STATUS_COLOR[v]}>{DELIVERY_STATUS_LABELS[v]}</Tag>,
            },
            { title: '尝试', dataIndex: 'attempts', width: 70 },
            {
              title: '发送时间 / 下次尝试',
              width: 170,
              render: (_, r) =>
                r.status === 'sent' ? time(r.sentAt) : r.status === 'pending' ? time(r.nextAttemptAt) : '—',
            },
            {
              title: '错误',
              dataIndex: 'lastError',
              width: 220,
              ellipsis: { showTitle: false },
              render: (e: string | null) => (e ? <Tooltip title={e}>{e}</Tooltip> : '—'),
            },
            {
              title: '操作',
              width: 80,
              render: (_, r) =>
                r.status === 'failed' ? (
                  <Button type="link" size="small" onClick={() => retry.mutate(r.id)}>
                    重发
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </div>
  );
}
