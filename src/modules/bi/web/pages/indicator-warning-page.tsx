import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Modal,
  Pagination,
  Segmented,
  Skeleton,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { TextArea } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { acknowledgeWarning, listWarnings, valueHistory } from '../../api';
import {
  LEVEL_COLORS,
  LEVEL_LABELS,
  WARNING_STATUS_LABELS,
  type WarningItem,
  type WarningStatus,
} from '../../contract';
import { amount, time } from '../../components/format';

const ValueChart = lazy(() => import('../components/value-chart'));
const STATUS_COLORS: Record<WarningStatus, string> = { open: 'red', acknowledged: 'blue', closed: 'green' };
type Filter = 'live' | WarningStatus;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'live', label: '未恢复' },
  { value: 'open', label: '待确认' },
  { value: 'acknowledged', label: '已确认' },
  { value: 'closed', label: '已恢复' },
];

function History({ w }: { w: WarningItem }) {
  const q = useQuery({
    queryKey: ['bi', 'history', w.indicatorId],
    queryFn: () => valueHistory(w.indicatorId, 60).then((r) => r.data),
  });
  if (q.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!q.data?.length) return <Empty description="暂无取值记录" />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <ValueChart points={q.data} thresholds={w.thresholds} unit={w.unit} name={w.indicatorName} />
    </Suspense>
  );
}

function AckModal({ w, onClose }: { w: WarningItem | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ note: string }>();
  const ack = useMutation({
    mutationFn: (note: string) => acknowledgeWarning({ id: w!.id, note }),
    onSuccess: () => {
      toast.success('已确认');
      form.resetFields();
      void qc.invalidateQueries({ queryKey: ['bi', 'warnings'] });
      onClose();
    },
  });
  return (
    <Modal
      open={w !== null}
      title={w ? `确认预警：${w.indicatorName}` : ''}
      okText="确认"
      confirmLoading={ack.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => ack.mutate(v.note.trim())}>
        <Form.Item
          name="note"
          label="处理说明"
          rules={[{ required: true, whitespace: true, message: '请填写处理说明' }]}
        >
          <TextArea rows={4} maxLength={500} showCount placeholder="已知晓的原因、已采取的措施" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function WarningCard({ w, onAck }: { w: WarningItem; onAck: (w: WarningItem) => void }) {
  const side = w.bound === 'upper' ? '高于上限' : '低于下限';
  return (
    <Card
      size="small"
      title={
        <Space>
          <Tag color={LEVEL_COLORS[w.level]}>{LEVEL_LABELS[w.level]}</Tag>
          <span>{w.indicatorName}</span>
          <Tag color={STATUS_COLORS[w.status]}>{WARNING_STATUS_LABELS[w.status]}</Tag>
        </Space>
      }
      extra={
        w.status === 'open' ? (
          <Button type="primary" size="small" onClick={() => onAck(w)}>
            确认
          </Button>
        ) : null
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: '420px 1fr', gap: 24 }}>
        <Descriptions size="small" column={1} styles={{ label: { width: 88 } }}>
          <Descriptions.Item label="触发">
            {w.period}：{amount(w.value, w.unit)}，{side} {amount(w.threshold, w.unit)}
          </Descriptions.Item>
          <Descriptions.Item label="最新值">{amount(w.latestValue, w.unit)}</Descriptions.Item>
          <Descriptions.Item label="发生时间">{time(w.openedAt)}</Descriptions.Item>
          <Descriptions.Item label="已通知">
            {w.notified.length ? (
              <Space orientation="vertical" size={0}>
                {w.notified.map((n) => (
                  <span key={n.userId}>
                    {n.name}（{time(n.at)}，站内消息）
                  </span>
                ))}
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          {w.ackAt !== null && (
            <Descriptions.Item label="确认">
              {w.ackName}（{time(w.ackAt)}）：{w.ackNote}
            </Descriptions.Item>
          )}
          {w.closedAt !== null && <Descriptions.Item label="恢复">{w.closeNote}</Descriptions.Item>}
        </Descriptions>
        <History w={w} />
      </div>
    </Card>
  );
}

/**
 * 指标预警 (/web/bi/indicatorWarningDetails; the back office's /cms/plugins/bi/indicatorWarning): the
 * indicators over their thresholds that the user owns (administrators: all), each with its value
 * history and threshold lines, who was told and when, and 确认.
 */
export default function IndicatorWarningPage() {
  const [filter, setFilter] = useState<Filter>('live');
  const [page, setPage] = useState(1);
  const [acking, setAcking] = useState<WarningItem | null>(null);
  const pageSize = 5;
  const q = useQuery({
    queryKey: ['bi', 'warnings', filter, page],
    queryFn: () =>
      listWarnings({ page, pageSize, ...(filter === 'live' ? {} : { status: filter }) }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="指标预警"
      extra={
        <Segmented<Filter>
          options={FILTERS}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
      }
    >
      <Typography.Paragraph type="secondary">
        指标的最新取值越过阈值时产生预警，并以站内消息通知负责人；负责人确认后不再提醒，取值回到阈值以内时自动恢复。
      </Typography.Paragraph>
      <Spin spinning={q.isPending}>
        {q.data?.list.length ? (
          <Flex vertical gap={16}>
            {q.data.list.map((w) => (
              <WarningCard key={w.id} w={w} onAck={setAcking} />
            ))}
          </Flex>
        ) : (
          <Empty description={filter === 'closed' ? '暂无已恢复的预警' : '暂无指标预警'} />
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={page}
        pageSize={pageSize}
        total={q.data?.total ?? 0}
        onChange={setPage}
        showTotal={(n) => `共 ${n} 条`}
        hideOnSinglePage={false}
      />
      <AckModal w={acking} onClose={() => setAcking(null)} />
    </Card>
  );
}
