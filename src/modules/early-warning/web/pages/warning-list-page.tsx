import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { fetchRule, fetchWarnings, recompute, saveRule } from '../../api';
import {
  LIST_TITLES,
  RULE_LISTS,
  STATUS_LABELS,
  WARNING_STATUSES,
  type RuleList,
  type WarningRow,
  type WarningStatus,
} from '../../contract';
import { STATUS_COLORS, time } from '../../components/format';
import { WarningDrawer } from '../components/warning-drawer';

const PAGE_SIZE = 15;

function RuleModal({ list, open, onClose }: { list: RuleList; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<string, number>>({});
  const rule = useQuery({
    queryKey: ['earlyWarning', 'rule', list],
    queryFn: () => fetchRule(list).then((r) => r.data),
  });
  const save = useMutation({
    mutationFn: () => saveRule(list, { ...rule.data!.params, ...values }),
    onSuccess: () => {
      toast.success('阈值已保存，下次重算时生效');
      void qc.invalidateQueries({ queryKey: ['earlyWarning', 'rule', list] });
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={`${LIST_TITLES[list]} · 预警阈值`}
      okText="保存"
      cancelText="取消"
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        {rule.data?.specs.map((s) => (
          <Form.Item key={s.key} label={`${s.label}（${s.min}–${s.max}${s.unit}）`}>
            <InputNumber
              aria-label={s.label}
              min={s.min}
              max={s.max}
              precision={0}
              suffix={s.unit}
              style={{ width: 200 }}
              value={values[s.key] ?? rule.data.params[s.key]}
              onChange={(v) => setValues((o) => ({ ...o, [s.key]: Number(v) }))}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** /web/earlyWarning/<list>: one computed list — who is listed and why, thresholds, and each student's care. */
export default function WarningListPage() {
  const list = useLocation().pathname.split('/').pop() as RuleList;
  const known = (RULE_LISTS as readonly string[]).includes(list);
  const [status, setStatus] = useState<WarningStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [rules, setRules] = useState(false);
  const q = { list, page, pageSize: PAGE_SIZE, ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) };
  const rows = useQuery({
    queryKey: ['earlyWarning', 'list', q],
    queryFn: () => fetchWarnings(q).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: known,
  });
  const rerun = useMutation({ mutationFn: recompute, onSuccess: () => toast.success('已排队重算，稍后刷新查看') });
  const funding = list === 'preciseFunding';
  return (
    <Card
      title={LIST_TITLES[list] ?? '学生预警'}
      extra={
        <Space wrap>
          <SearchInput
            allowClear
            aria-label="搜索学号或姓名"
            placeholder="学号或姓名"
            style={{ width: 200 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Select<WarningStatus>
            allowClear
            aria-label="按状态筛选"
            placeholder="全部状态"
            style={{ width: 130 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={WARNING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
          <Button onClick={() => setRules(true)}>预警阈值</Button>
          <Button onClick={() => rerun.mutate()} loading={rerun.isPending}>
            立即重算
          </Button>
        </Space>
      }
    >
      {funding && (
        <Alert
          style={{ marginBottom: 12 }}
          type="warning"
          showIcon
          title="敏感名单：仅限资助工作使用，每次查看均记录审计日志；消费金额仅资助中心可见。"
        />
      )}
      <Table<WarningRow>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无预警学生（数据同步完成后自动计算）' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '学号', dataIndex: 'studentNo', width: 130 },
          { title: '姓名', dataIndex: 'studentName', width: 100 },
          { title: '学院', dataIndex: 'collegeName', width: 180 },
          { title: '辅导员', dataIndex: 'counsellorName', width: 100, render: (n: string | null) => n ?? '—' },
          { title: '预警原因', dataIndex: 'reason' },
          ...(funding
            ? [
                {
                  title: '日均消费（元）',
                  dataIndex: 'amount',
                  width: 130,
                  render: (a: number | null) => (a === null ? '—' : a.toFixed(2)),
                },
              ]
            : []),
          { title: '周期', dataIndex: 'period', width: 120 },
          { title: '发现时间', dataIndex: 'detectedAt', width: 150, render: (d: number) => time(d) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: WarningStatus) => <Tag color={STATUS_COLORS[s]}>{STATUS_LABELS[s]}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, r) => (
              <Button type="link" onClick={() => setOpen(r.id)}>
                查看证据
              </Button>
            ),
          },
        ]}
      />
      <WarningDrawer id={open} onClose={() => setOpen(null)} />
      {known && rules && <RuleModal list={list} open={rules} onClose={() => setRules(false)} />}
    </Card>
  );
}
