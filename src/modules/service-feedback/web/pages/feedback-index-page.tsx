import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Tabs, Typography } from 'antd';
import { useSession } from '@/core/session/store';
import { fetchOverview } from '../../api';
import { percent } from '../../components/labels';
import { MineList, PendingList } from '../components/my-evaluations';
import { SummaryTable } from '../components/summary-table';

/**
 * /web/feedback/index (open without a token): satisfaction per item and per department; a
 * signed-in user also rates their ended applications (我的待评价) and follows their ratings (我的评价).
 */
export default function FeedbackIndexPage() {
  const signedIn = !!useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const overview = useQuery({ queryKey: ['feedback', 'overview'], queryFn: () => fetchOverview().then((r) => r.data) });
  const o = overview.data;
  const tabs = [
    ...(signedIn
      ? [
          { key: 'pending', label: '我的待评价', children: <PendingList /> },
          { key: 'mine', label: '我的评价', children: <MineList /> },
        ]
      : []),
    { key: 'items', label: '事项满意度', children: <SummaryTable by="item" /> },
    { key: 'departments', label: '部门满意度', children: <SummaryTable by="department" /> },
  ];
  const tab = tabs.some((t) => t.key === params.get('tab')) ? params.get('tab')! : tabs[0]!.key;
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          好差评
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          办件办结后可对办理情况作出评价；差评由事项所属部门限期整改并答复、回访。
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title="评价总数" value={o?.total ?? 0} loading={overview.isPending} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="满意率" value={o ? percent(o.satisfiedRate) : '-'} loading={overview.isPending} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="平均分（满分 5）" value={o ? o.average.toFixed(2) : '-'} loading={overview.isPending} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="参评事项 / 部门"
              value={o ? `${o.items} / ${o.departments}` : '-'}
              loading={overview.isPending}
            />
          </Col>
        </Row>
      </Card>
      <Card style={{ marginTop: 16 }}>
        <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} items={tabs} />
      </Card>
    </div>
  );
}
