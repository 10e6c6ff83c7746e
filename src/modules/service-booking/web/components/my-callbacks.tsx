import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Table, Tag, Timeline } from 'antd';
import { callbackDetail, cancelCallback, myCallbacks } from '../../api';
import { CALLBACK_ACTION_LABELS, CALLBACK_STATUS_LABELS, type CallbackRow } from '../../contract';
import { CALLBACK_STATUS_COLORS, time, windowLabel } from '../../components/labels';

const PAGE_SIZE = 10;

/** One call-back request with its handling log (the applicant's or the staff's view). */
export function CallbackView({ id }: { id: number }) {
  const d = useQuery({ queryKey: ['callback', 'detail', id], queryFn: () => callbackDetail(id).then((r) => r.data) });
  if (!d.data) return null;
  const c = d.data;
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="事项">
          {c.itemName}（{c.departmentName}）
        </Descriptions.Item>
        <Descriptions.Item label="主题">{c.topic}</Descriptions.Item>
        {c.detail ? <Descriptions.Item label="说明">{c.detail}</Descriptions.Item> : null}
        {c.userName ? (
          <Descriptions.Item label="申请人">
            {c.userName}（{c.userNo}）
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="联系电话">{c.phone}</Descriptions.Item>
        <Descriptions.Item label="期望回电">{windowLabel(c.windowStart, c.windowEnd)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={CALLBACK_STATUS_COLORS[c.status]}>{CALLBACK_STATUS_LABELS[c.status]}</Tag>
          {c.overdue ? <Tag color="error">已超期</Tag> : null}
        </Descriptions.Item>
        {c.outcome ? <Descriptions.Item label="处理结果">{c.outcome}</Descriptions.Item> : null}
      </Descriptions>
      <Timeline
        style={{ marginTop: 24 }}
        items={c.log.map((l) => ({
          children: (
            <>
              <div>
                {CALLBACK_ACTION_LABELS[l.action] ?? l.action} · {l.actorName} · {time(l.at)}
              </div>
              {l.note ? <div style={{ color: '#666' }}>{l.note}</div> : null}
            </>
          ),
        }))}
      />
    </>
  );
}

/** The signed-in user's call-back requests, with their state and log. */
export function MyCallbacks({ openId }: { openId?: number }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | undefined>(openId);
  const q = { page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['callback', 'mine', q],
    queryFn: () => myCallbacks(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Table<CallbackRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无回电申请' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '主题', dataIndex: 'topic', render: (t: string, r) => <a onClick={() => setOpen(r.id)}>{t}</a> },
          { title: '事项', dataIndex: 'itemName' },
          { title: '部门', dataIndex: 'departmentName' },
          {
            title: '期望回电',
            key: 'w',
            render: (_: unknown, r) => windowLabel(r.windowStart, r.windowEnd),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: CallbackRow['status']) => (
              <Tag color={CALLBACK_STATUS_COLORS[v]}>{CALLBACK_STATUS_LABELS[v]}</Tag>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_: unknown, r) => (
              <>
                <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                  详情
                </Button>
                {r.status === 'pending' ? (
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: '撤销回电申请？',
                        onOk: async () => {
                          await cancelCallback(r.id);
                          message.success('已撤销');
                          await qc.invalidateQueries({ queryKey: ['callback'] });
                        },
                      })
                    }
                  >
                    撤销
                  </Button>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <Drawer open={open !== undefined} title="回电申请" size={560} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open !== undefined ? <CallbackView id={open} /> : null}
      </Drawer>
    </>
  );
}
