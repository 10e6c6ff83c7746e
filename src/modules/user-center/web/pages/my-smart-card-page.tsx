import { lazy, Suspense, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Modal,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { fetchCard, fetchCardMonthly, listCardTxns, listMyCardRequests, requestCard } from '../../api';
import { CARD_REQUEST_KIND_LABELS, CARD_REQUEST_STATUS_LABELS, type CardRequestKind } from '../../contract';
import { cardMonthOption } from '../components/card-month-option';
import { time, TXN_KIND_LABELS, yuan } from '../components/format';
import s from './user-center.module.css';

const Chart = lazy(() => import('../components/chart'));
const PAGE_SIZE = 15;

/** /web/userCenter/mySmartCard: balance, transactions (date, place, kind), monthly chart, 挂失 / 解冻 requests. */
export default function MySmartCardPage() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<{ from?: string; to?: string; place?: string; kind?: string }>({});
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<CardRequestKind | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const card = useQuery({ queryKey: ['userCenter', 'card'], queryFn: () => fetchCard().then((r) => r.data) });
  const months = useQuery({
    queryKey: ['userCenter', 'cardMonthly'],
    queryFn: () => fetchCardMonthly().then((r) => r.data),
  });
  const requests = useQuery({
    queryKey: ['userCenter', 'cardRequests'],
    queryFn: () => listMyCardRequests().then((r) => r.data),
  });
  const txns = useQuery({
    queryKey: ['userCenter', 'txns', filter, page],
    queryFn: () => listCardTxns({ ...filter, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const ask = useMutation({
    mutationFn: (v: { kind: CardRequestKind; reason: string }) => requestCard(v.kind, v.reason),
    onSuccess: (r) => {
      message.success(r.message || '申请已提交');
      setAsking(null);
      form.resetFields();
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  const option = useMemo(() => cardMonthOption(months.data ?? []), [months.data]);
  const c = card.data;
  const set = (patch: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return (
    <div className={s.page}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="我的一卡通" loading={card.isLoading}>
            {c ? (
              <>
                <Statistic title="余额" value={yuan(c.balance)} />
                <p>
                  卡号 {c.cardNo} <Tag color={c.status === '正常' ? 'green' : 'red'}>{c.status}</Tag>
                </p>
                <p className={s.muted}>数据更新于 {time(c.updatedAt)}</p>
                {c.pending ? (
                  <Alert
                    type="info"
                    showIcon
                    title={`${CARD_REQUEST_KIND_LABELS[c.pending.kind]}申请已提交，等待卡务中心处理`}
                  />
                ) : c.status === '正常' ? (
                  <Button danger onClick={() => setAsking('loss')}>
                    挂失
                  </Button>
                ) : (
                  <Button type="primary" onClick={() => setAsking('unfreeze')}>
                    申请解冻
                  </Button>
                )}
              </>
            ) : (
              <Alert type="warning" title="暂无您的校园卡数据（数据中心尚未同步）" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title="近六个月消费">
            <Suspense fallback={<Skeleton active />}>{months.data && <Chart option={option} />}</Suspense>
          </Card>
        </Col>
        <Col span={24}>
          <Card title="交易明细">
            <div className={s.toolbar}>
              <DatePicker.RangePicker
                aria-label="交易日期"
                onChange={(v: [Dayjs | null, Dayjs | null] | null) =>
                  set({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })
                }
              />
              <TextInput
                allowClear
                placeholder="交易地点，如 第一食堂一楼"
                aria-label="交易地点"
                style={{ width: 220 }}
                onBlur={(e) => set({ place: e.target.value.trim() || undefined })}
                onPressEnter={(e) => set({ place: (e.target as HTMLInputElement).value.trim() || undefined })}
              />
              <Select
                allowClear
                placeholder="交易类别"
                aria-label="交易类别"
                style={{ width: 140 }}
                onChange={(v?: string) => set({ kind: v })}
                options={Object.entries(TXN_KIND_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </div>
            <Table
              rowKey="txnId"
              size="small"
              loading={txns.isFetching}
              dataSource={txns.data?.list}
              locale={{ emptyText: '没有符合条件的交易' }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: txns.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }}
              columns={[
                { title: '交易时间', dataIndex: 'occurredAt', width: 180, render: (v: number) => time(v) },
                { title: '地点', dataIndex: 'merchant' },
                { title: '类别', dataIndex: 'kind', width: 100, render: (k: string) => TXN_KIND_LABELS[k] ?? k },
                {
                  title: '金额',
                  dataIndex: 'amount',
                  width: 120,
                  align: 'right',
                  render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#237804' }}>{v.toFixed(2)}</span>,
                },
                {
                  title: '余额',
                  dataIndex: 'balanceAfter',
                  width: 120,
                  align: 'right',
                  render: (v: number) => v.toFixed(2),
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title="挂失 / 解冻申请记录">
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={requests.data}
              locale={{ emptyText: '暂无申请' }}
              columns={[
                { title: '申请时间', dataIndex: 'createdAt', render: (v: number) => time(v) },
                { title: '类型', dataIndex: 'kind', render: (k: CardRequestKind) => CARD_REQUEST_KIND_LABELS[k] },
                { title: '说明', dataIndex: 'reason' },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (v: string) => <Tag>{CARD_REQUEST_STATUS_LABELS[v] ?? v}</Tag>,
                },
                { title: '处理意见', dataIndex: 'remark' },
                { title: '处理时间', dataIndex: 'handledAt', render: (v: number | null) => time(v) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Modal
        title={asking ? `${CARD_REQUEST_KIND_LABELS[asking]}申请` : ''}
        open={!!asking}
        confirmLoading={ask.isPending}
        okText="提交申请"
        onCancel={() => setAsking(null)}
        onOk={() =>
          void form.validateFields().then((v) => asking && ask.mutate({ kind: asking, reason: v.reason ?? '' }))
        }
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="info" title="申请提交后由卡务中心处理；挂失生效后卡片暂停使用。" />
          <Form form={form} layout="vertical">
            <Form.Item name="reason" label="说明">
              <TextArea maxLength={200} rows={3} placeholder="如：在第一食堂遗失" />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </div>
  );
}
