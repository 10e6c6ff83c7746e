import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Form, Select, Space, Table, Tag } from 'antd';
import { actOnCallback, callbackWorkList } from '../../api';
import {
  CALLBACK_STATUSES,
  CALLBACK_STATUS_LABELS,
  type CallbackActBody,
  type CallbackRow,
  type CallbackStatus,
} from '../../contract';
import { CALLBACK_STATUS_COLORS, windowLabel } from '../../components/labels';
import { CallbackView } from '../components/my-callbacks';
import { SearchInput, TextArea } from '@/core/ui/text-input';
import { usePagedList } from '../components/use-paged-list';

const PAGE_SIZE = 20;

const ACTIONS: { action: CallbackActBody['action']; label: string; from: CallbackStatus[]; note: string }[] = [
  { action: 'accept', label: '受理', from: ['pending'], note: '' },
  { action: 'call', label: '记录回电', from: ['pending', 'accepted'], note: '通话情况（必填）' },
  { action: 'close', label: '办结', from: ['pending', 'accepted'], note: '办结说明（必填）' },
];

/** 回电处理 (/web/serviceDesk/callbacks, /cms/serviceTool/callbacks): my department's call-back requests, handled to closure. */
export default function CallbackDeskPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<CallbackStatus | undefined>('pending');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<CallbackRow | null>(null);
  const [form] = Form.useForm<{ note: string }>();
  const [acting, setActing] = useState(false);
  const { setPage, table } = usePagedList(
    ['callback', 'work'],
    callbackWorkList,
    { status, keyword: keyword || undefined },
    PAGE_SIZE,
  );
  const act = async (action: CallbackActBody['action']) => {
    if (!open) return;
    const note = (form.getFieldValue('note') as string | undefined)?.trim() ?? '';
    if (action !== 'accept' && !note) {
      form.setFields([{ name: 'note', errors: ['请填写通话情况或办结说明'] }]);
      return;
    }
    setActing(true);
    try {
      await actOnCallback({ id: open.id, action, note });
      message.success('已保存');
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['callback'] });
      if (action === 'close') setOpen(null);
      else setOpen({ ...open, status: 'accepted' });
    } finally {
      setActing(false);
    }
  };
  return (
    <Card
      title="回电处理"
      extra={
        <Space wrap>
          <Select<CallbackStatus>
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={CALLBACK_STATUSES.map((v) => ({ value: v, label: CALLBACK_STATUS_LABELS[v] }))}
            aria-label="状态"
          />
          <SearchInput
            allowClear
            placeholder="主题 / 姓名 / 学工号"
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
        </Space>
      }
    >
      <Table<CallbackRow>
        rowKey="id"
        {...table}
        locale={{ emptyText: '没有回电申请' }}
        columns={[
          { title: '主题', dataIndex: 'topic', render: (t: string, r) => <a onClick={() => setOpen(r)}>{t}</a> },
          { title: '事项', dataIndex: 'itemName' },
          { title: '申请人', key: 'who', render: (_: unknown, r) => `${r.userName}（${r.userNo}）` },
          { title: '电话', dataIndex: 'phone', width: 130 },
          {
            title: '期望回电',
            key: 'w',
            width: 220,
            render: (_: unknown, r) => windowLabel(r.windowStart, r.windowEnd),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 130,
            render: (v: CallbackStatus, r) => (
              <>
                <Tag color={CALLBACK_STATUS_COLORS[v]}>{CALLBACK_STATUS_LABELS[v]}</Tag>
                {r.overdue ? <Tag color="error">已超期</Tag> : null}
              </>
            ),
          },
          { title: '处理人', dataIndex: 'handlerName', width: 100 },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setOpen(r)}>
                处理
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={!!open} title="处理回电申请" size={600} onClose={() => setOpen(null)} destroyOnHidden>
        {open ? (
          <>
            <CallbackView id={open.id} />
            {open.status === 'pending' || open.status === 'accepted' ? (
              <Form form={form} layout="vertical">
                <Form.Item name="note" label="通话情况 / 办结说明">
                  <TextArea rows={3} maxLength={1000} showCount />
                </Form.Item>
                <Space>
                  {ACTIONS.filter((a) => a.from.includes(open.status)).map((a) => (
                    <Button
                      key={a.action}
                      type={a.action === 'close' ? 'primary' : 'default'}
                      loading={acting}
                      onClick={() => void act(a.action)}
                    >
                      {a.label}
                    </Button>
                  ))}
                </Space>
              </Form>
            ) : null}
          </>
        ) : null}
      </Drawer>
    </Card>
  );
}
