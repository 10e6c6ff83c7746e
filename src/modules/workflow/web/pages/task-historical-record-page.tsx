import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { FormRenderer } from '@/modules/forms/ui-web';
import { publicRecord } from '@/modules/workflow/api';
import { INSTANCE_STATUS_LABELS } from '@/modules/workflow/contract';
import { HistoryTimeline } from '../components/history-timeline';
import { INSTANCE_STATUS_COLORS, errorText, formatTime } from '@/modules/workflow/components/labels';
import s from '../components/approval.module.css';

const TOKEN = /^[A-Za-z0-9_-]{20,80}$/;

/** /web/taskCenter/taskHistoricalRecord?token= (public): one approval record by its link, read-only, nothing else. */
export default function TaskHistoricalRecordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = TOKEN.test(token);
  const rec = useQuery({
    queryKey: ['workflow', 'record', token],
    queryFn: () => publicRecord(token).then((r) => r.data),
    enabled: valid,
    retry: false,
  });
  if (!valid)
    return (
      <div className={s.page}>
        <Card>
          <Result status="warning" title="链接无效" subTitle="请检查审批记录链接是否完整" />
        </Card>
      </div>
    );
  if (rec.isPending)
    return (
      <div className={s.page}>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  if (rec.isError)
    return (
      <div className={s.page}>
        <Card>
          <Result status="warning" title="无法查看审批记录" subTitle={errorText(rec.error, '记录不存在或链接已失效')} />
        </Card>
      </div>
    );
  const r = rec.data;
  return (
    <div className={s.page}>
      <Card className={s.gap}>
        <div className={s.head}>
          <Typography.Title level={4} className={s.title}>
            {r.title}
          </Typography.Title>
          <Tag color={INSTANCE_STATUS_COLORS[r.status]}>{INSTANCE_STATUS_LABELS[r.status]}</Tag>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'p', label: '流程', children: r.processName },
            { key: 'a', label: '申请人', children: r.applicantName },
            { key: 's', label: '发起时间', children: formatTime(r.startedAt) },
            ...(r.endedAt ? [{ key: 'e', label: '结束时间', children: formatTime(r.endedAt) }] : []),
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card title="表单内容">
            <FormRenderer schema={r.schema} values={r.values} mode="readOnly" />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title="审批记录">
            <HistoryTimeline history={r.history} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
