import { useState } from 'react';
import { App, Button, Card, DatePicker, Form, Modal, Popconfirm, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import { createDelegation, deleteDelegation, listDelegations, updateDelegation } from '@/modules/workflow/api';
import type { DelegationBody, DelegationItem } from '@/modules/workflow/contract';
import { UserSelect } from '../components/user-select';
import s from '../components/cms.module.css';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

interface Values {
  fromUserId: number;
  toUserId: number;
  range: [Dayjs, Dayjs];
  note?: string;
  enabled: boolean;
}

/** 新建 / 编辑委托: user A's tasks go to user B from one moment to another. */
function DelegationModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: DelegationItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: DelegationBody = {
        fromUserId: v.fromUserId,
        toUserId: v.toUserId,
        startsAt: v.range[0].valueOf(),
        endsAt: v.range[1].valueOf(),
        note: (v.note ?? '').trim(),
        enabled: v.enabled,
      };
      return (editing ? updateDelegation({ id: editing.id, ...body }) : createDelegation(body)).then(() => undefined);
    },
    onSuccess: () => {
      message.success(editing ? '保存成功' : '创建成功');
      onSaved();
    },
  });
  return (
    <Modal
      title={editing ? '编辑委托' : '新建委托'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate(v))
          .catch(() => undefined)
      }
    >
      <Form
        name="delegation"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          editing
            ? {
                fromUserId: editing.from.id,
                toUserId: editing.to.id,
                range: [dayjs(editing.startsAt), dayjs(editing.endsAt)],
                note: editing.note,
                enabled: editing.enabled,
              }
            : { enabled: true }
        }
      >
        <Form.Item name="fromUserId" label="委托人（原审批人）" rules={[{ required: true, message: '请选择委托人' }]}>
          <UserSelect aria-label="委托人" />
        </Form.Item>
        <Form.Item
          name="toUserId"
          label="受托人（接收待办）"
          dependencies={['fromUserId']}
          rules={[
            { required: true, message: '请选择受托人' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v && v === getFieldValue('fromUserId')
                  ? Promise.reject(new Error('受托人不能是委托人本人'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <UserSelect aria-label="受托人" />
        </Form.Item>
        <Form.Item
          name="range"
          label="委托时间"
          rules={[
            { required: true, message: '请选择委托的起止时间' },
            {
              validator: (_, v?: [Dayjs, Dayjs]) =>
                v && !v[1].isAfter(v[0]) ? Promise.reject(new Error('结束时间须晚于开始时间')) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            placeholder={['开始时间', '结束时间']}
          />
        </Form.Item>
        <Form.Item name="note" label="说明" rules={[{ max: 200, message: '说明不能超过 200 个字' }]}>
          <TextInput aria-label="说明" maxLength={200} placeholder="如：出差期间" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /cms/workflow/approvalManage 审批管理: delegation rules (A's new tasks go to B between two dates). */
export default function ApprovalManagePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [userId, setUserId] = useState<number | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<DelegationItem | null>(null);
  const [open, setOpen] = useState(false);
  const query = { ...paging, userId };
  const list = useQuery({
    queryKey: ['workflow', 'delegations', query],
    queryFn: () => listDelegations(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['workflow', 'delegations'] });
  const del = useMutation({
    mutationFn: (id: number) => deleteDelegation(id),
    onSuccess: async () => {
      message.success('删除成功');
      await refresh();
    },
  });
  const now = Date.now();
  const state = (d: DelegationItem) =>
    !d.enabled ? (
      <Tag>已停用</Tag>
    ) : d.endsAt <= now ? (
      <Tag>已过期</Tag>
    ) : d.startsAt > now ? (
      <Tag color="blue">未开始</Tag>
    ) : (
      <Tag color="green">生效中</Tag>
    );

  return (
    <Card className={s.card}>
      <div className={s.filters}>
        <Space wrap>
          <div className={s.select}>
            <UserSelect
              aria-label="按人员筛选"
              placeholder="按委托人或受托人筛选"
              value={userId}
              onChange={(v) => {
                setUserId(v as number | undefined);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          </div>
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void refresh()} />
          </Tooltip>
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          新建委托
        </Button>
      </div>
      <Table<DelegationItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: userId ? '此人没有委托' : '暂无委托规则' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          { title: '委托人', key: 'from', render: (_, d) => d.from.name },
          { title: '受托人', key: 'to', render: (_, d) => d.to.name },
          { title: '开始', dataIndex: 'startsAt', width: 150, render: time },
          { title: '结束', dataIndex: 'endsAt', width: 150, render: time },
          { title: '说明', dataIndex: 'note', ellipsis: true, render: (v: string) => v || '—' },
          { title: '状态', key: 'state', width: 90, render: (_, d) => state(d) },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, d) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(d);
                    setOpen(true);
                  }}
                >
                  编辑
                </Button>
                <Popconfirm
                  title={`删除 ${d.from.name} → ${d.to.name} 的委托？`}
                  description="已转给受托人的待办不会退回"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => del.mutateAsync(d.id).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <DelegationModal
        open={open}
        editing={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void refresh();
        }}
      />
    </Card>
  );
}
