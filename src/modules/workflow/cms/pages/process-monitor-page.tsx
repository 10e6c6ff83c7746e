import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { listProcesses, monitorDetail, monitorList, reassignTask, terminateInstance } from '@/modules/workflow/api';
import { INSTANCE_STATUS_LABELS, type InstanceTask, type MonitorItem } from '@/modules/workflow/contract';
import { UserSelect } from '../components/user-select';
import s from '../components/cms.module.css';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');
/** "3 天 2 小时" since a moment, for how long a node has waited. */
function waited(since: number, now: number): string {
  const h = Math.max(0, Math.floor((now - since) / 3_600_000));
  return h < 1 ? '不到 1 小时' : h < 24 ? `${h} 小时` : `${Math.floor(h / 24)} 天${h % 24 ? ` ${h % 24} 小时` : ''}`;
}

/** 转交: one pending task to another person (the engine records who moved it and why). */
function ReassignModal({
  task,
  onClose,
  onDone,
}: {
  task: InstanceTask | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [userId, setUserId] = useState<number | undefined>();
  const [comment, setComment] = useState('');
  const { message } = App.useApp();
  const go = useMutation({
    mutationFn: () =>
      reassignTask({ taskId: task!.id, userId: userId!, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    onSuccess: () => {
      message.success('已转交');
      setUserId(undefined);
      setComment('');
      onDone();
    },
  });
  return (
    <Modal
      title={task ? `转交「${task.nodeName}」中 ${task.assigneeName} 的待办` : ''}
      open={!!task}
      okText="转交"
      cancelText="取消"
      destroyOnHidden
      confirmLoading={go.isPending}
      onCancel={onClose}
      onOk={() => {
        if (!userId) void message.warning('请选择接收人');
        else if (userId === task?.assigneeId) void message.warning('接收人与当前处理人相同');
        else go.mutate();
      }}
    >
      <Form layout="vertical">
        <Form.Item label="接收人" required>
          <UserSelect aria-label="接收人" value={userId} onChange={(v) => setUserId(v as number | undefined)} />
        </Form.Item>
        <Form.Item label="说明">
          <TextArea
            aria-label="转交说明"
            value={comment}
            maxLength={1000}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => setComment(e.target.value)}
            placeholder="选填，记入审批记录"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 终止: ends a running request for good; the reason is required and goes into its history. */
function TerminateModal({
  item,
  onClose,
  onDone,
}: {
  item: MonitorItem | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const { message } = App.useApp();
  const go = useMutation({
    mutationFn: () => terminateInstance(item!.id, reason.trim()),
    onSuccess: () => {
      message.success('已终止');
      setReason('');
      setTried(false);
      onDone();
    },
  });
  const missing = !reason.trim();
  return (
    <Modal
      title={item ? `终止《${item.title}》` : ''}
      open={!!item}
      okText="终止"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      destroyOnHidden
      confirmLoading={go.isPending}
      onCancel={() => {
        setTried(false);
        onClose();
      }}
      onOk={() => {
        setTried(true);
        if (!missing) go.mutate();
      }}
    >
      <Typography.Paragraph type="secondary">
        终止后审批单结束，所有待办撤销，申请人会收到通知。此操作不能撤销。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label="终止原因"
          required
          validateStatus={tried && missing ? 'error' : undefined}
          help={tried && missing ? '请填写终止原因' : undefined}
        >
          <TextArea
            aria-label="终止原因"
            value={reason}
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The request's detail: who holds it now (with 转交 for each pending task) and its history. */
function DetailDrawer({
  item,
  onClose,
  onReassign,
}: {
  item: MonitorItem | null;
  onClose: () => void;
  onReassign: (t: InstanceTask) => void;
}) {
  const q = useQuery({
    queryKey: ['workflow', 'monitor', 'detail', item?.id],
    queryFn: () => monitorDetail(item!.id).then((r) => r.data),
    enabled: !!item,
  });
  const v = q.data;
  const pending = (v?.tasks ?? []).filter((t) => t.status === 'pending' || t.status === 'waiting');
  return (
    <Drawer title={item?.title} open={!!item} onClose={onClose} size="large" loading={q.isFetching && !v}>
      {v && (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'p', label: '流程', children: `${v.processName}（v${v.version}）` },
              { key: 'a', label: '申请人', children: v.applicant.name },
              { key: 's', label: '状态', children: INSTANCE_STATUS_LABELS[v.status] },
              { key: 't', label: '发起时间', children: time(v.startedAt) },
            ]}
          />
          <Typography.Title level={5}>当前待办</Typography.Title>
          <Table<InstanceTask>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={pending}
            locale={{ emptyText: '没有待办' }}
            columns={[
              { title: '节点', dataIndex: 'nodeName' },
              { title: '处理人', dataIndex: 'assigneeName' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (st: string, t) =>
                  st === 'waiting' ? (
                    <Tag>等待前一人</Tag>
                  ) : t.dueAt && t.dueAt < Date.now() ? (
                    <Tag color="red">超时</Tag>
                  ) : (
                    <Tag color="processing">待处理</Tag>
                  ),
              },
              { title: '到达时间', dataIndex: 'createdAt', render: time },
              {
                title: '操作',
                key: 'op',
                render: (_, t) => (
                  <Button type="link" size="small" disabled={v.status !== 'running'} onClick={() => onReassign(t)}>
                    转交
                  </Button>
                ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            审批记录
          </Typography.Title>
          <Timeline
            items={v.history.map((h) => ({
              key: h.id,
              content: (
                <>
                  <b>{h.actorName || '系统'}</b> · {h.nodeName} · {time(h.at)}
                  {h.comment && <div>{h.comment}</div>}
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}

/** /cms/workflow/processMonitor 流程监控: every running request, where it waits and since when; intervene. */
export default function ProcessMonitorPage() {
  const qc = useQueryClient();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [processId, setProcessId] = useState<number | undefined>();
  const [overdue, setOverdue] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [viewing, setViewing] = useState<MonitorItem | null>(null);
  const [reassigning, setReassigning] = useState<InstanceTask | null>(null);
  const [terminating, setTerminating] = useState<MonitorItem | null>(null);

  const query = { ...paging, keyword: keyword || undefined, processId, overdue: overdue ? 1 : undefined };
  const list = useQuery({
    queryKey: ['workflow', 'monitor', query],
    queryFn: () => monitorList(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const processes = useQuery({
    queryKey: ['workflow', 'processes', 'all'],
    queryFn: () => listProcesses({ page: 1, pageSize: 100 }).then((r) => r.data.list),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['workflow', 'monitor'] });
  const search = () => {
    setKeyword(keywordInput.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const now = Date.now();

  return (
    <Card className={s.card}>
      <div className={s.filters}>
        <Space wrap>
          <TextInput
            allowClear
            placeholder="按标题搜索"
            className={s.keyword}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.target.value)}
            onPressEnter={search}
            maxLength={60}
            aria-label="标题"
          />
          <Select
            allowClear
            className={s.select}
            aria-label="流程"
            placeholder="全部流程"
            value={processId}
            showSearch={{ optionFilterProp: 'label' }}
            options={(processes.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(v?: number) => {
              setProcessId(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Checkbox
            checked={overdue}
            onChange={(e) => {
              setOverdue(e.target.checked);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            只看超时
          </Checkbox>
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => void refresh()} />
          </Tooltip>
        </Space>
      </div>
      <Table<MonitorItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: keyword || processId || overdue ? '没有符合条件的审批' : '当前没有进行中的审批' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条进行中`,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            ellipsis: true,
            render: (v: string, r) => (
              <Space size={4}>
                <Button type="link" className={s.nameLink} onClick={() => setViewing(r)}>
                  {v}
                </Button>
                {r.overdue && <Tag color="red">超时</Tag>}
              </Space>
            ),
          },
          { title: '流程', dataIndex: 'processName', width: 160, ellipsis: true },
          { title: '申请人', dataIndex: 'applicantName', width: 100 },
          { title: '发起时间', dataIndex: 'startedAt', width: 150, render: time },
          {
            title: '当前停留',
            key: 'waiting',
            render: (_, r) => (
              <div className={s.waiting}>
                {r.waitingAt.length === 0 && <span className={s.muted}>—</span>}
                {r.waitingAt.map((w, i) => (
                  <div key={i}>
                    <b>{w.nodeName}</b>：{w.assignees.join('、') || '无人处理'}
                    <div className={s.muted}>
                      已等待 {waited(w.since, now)}
                      {w.dueAt ? ` · 时限 ${time(w.dueAt)}` : ''}
                      {w.dueAt && w.dueAt < now && (
                        <Tag color="red" style={{ marginLeft: 4 }}>
                          已超时
                        </Tag>
                      )}
                    </div>
                  </div>
                ))}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 160,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setViewing(r)}>
                  转交
                </Button>
                <Button type="link" size="small" danger onClick={() => setTerminating(r)}>
                  终止
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <DetailDrawer item={viewing} onClose={() => setViewing(null)} onReassign={setReassigning} />
      <ReassignModal
        task={reassigning}
        onClose={() => setReassigning(null)}
        onDone={() => {
          setReassigning(null);
          void qc.invalidateQueries({ queryKey: ['workflow', 'monitor'] });
        }}
      />
      <TerminateModal
        item={terminating}
        onClose={() => setTerminating(null)}
        onDone={() => {
          setTerminating(null);
          setViewing(null);
          void refresh();
        }}
      />
    </Card>
  );
}
