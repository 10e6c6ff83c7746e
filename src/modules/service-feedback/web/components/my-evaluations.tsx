import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, List, Rate, Space, Tag, Typography } from 'antd';
import { fetchMine, fetchPending } from '../../api';
import {
  LEVEL_LABELS,
  RECTIFY_STATUS_LABELS,
  SUBJECT_KIND_LABELS,
  type MyEvaluation,
  type PendingRow,
} from '../../contract';
import { RECTIFY_COLORS, time, viewDetailsPath } from '../../components/labels';
import { RateModal } from './rate-modal';

const PAGE_SIZE = 8;

/** 我的待评价: ended applications and bookings to rate. */
export function PendingList() {
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<PendingRow | null>(null);
  const q = { page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['feedback', 'pending', q],
    queryFn: () => fetchPending(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <List<PendingRow>
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: <Empty description="没有待评价的办件" /> }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }
            : false
        }
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="rate" type="primary" onClick={() => setTarget(p)}>
                去评价
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Link to={viewDetailsPath(p.itemId)}>{p.itemName}</Link>
                  <Tag>{SUBJECT_KIND_LABELS[p.kind]}</Tag>
                </Space>
              }
              description={`${p.title} · ${p.departmentName} · 办结于 ${time(p.endedAt)}`}
            />
          </List.Item>
        )}
      />
      <RateModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function Answer({ e }: { e: MyEvaluation }) {
  const r = e.rectification;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
      {e.reply && <Alert type="info" showIcon title={`平台回复（${time(e.repliedAt)}）`} description={e.reply} />}
      {r && (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="整改状态">
            <Tag color={RECTIFY_COLORS[r.status]}>{RECTIFY_STATUS_LABELS[r.status]}</Tag>
            {r.overdue && <Tag color="red">逾期</Tag>}
            <Typography.Text type="secondary">答复期限 {time(r.deadline)}</Typography.Text>
          </Descriptions.Item>
          {r.reply && (
            <Descriptions.Item label="部门答复">
              {r.reply}
              <Typography.Text type="secondary">
                {' '}
                （{r.repliedByName}，{time(r.repliedAt)}）
              </Typography.Text>
            </Descriptions.Item>
          )}
          {r.visitedAt !== null && (
            <Descriptions.Item label="回访">
              {r.visitResult}（{r.visitSatisfied ? '满意' : '不满意'}，{time(r.visitedAt)}）
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Space>
  );
}

/** 我的评价: my ratings, the platform's reply and the department's rectification answer. */
export function MineList() {
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['feedback', 'mine', q],
    queryFn: () => fetchMine(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <List<MyEvaluation>
      loading={list.isFetching}
      dataSource={list.data?.list}
      locale={{ emptyText: <Empty description="还没有评价" /> }}
      pagination={
        (list.data?.total ?? 0) > PAGE_SIZE
          ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }
          : false
      }
      renderItem={(e) => (
        <List.Item>
          <Space orientation="vertical" style={{ width: '100%' }} size={6}>
            <Space wrap>
              <Link to={viewDetailsPath(e.itemId)}>{e.itemName}</Link>
              <Rate disabled value={e.level} style={{ fontSize: 14 }} />
              <Tag color={e.level <= 2 ? 'red' : e.level >= 4 ? 'green' : 'gold'}>{LEVEL_LABELS[e.level]}</Tag>
              {e.anonymous && <Tag>匿名</Tag>}
              <Typography.Text type="secondary">
                {e.title} · {time(e.createdAt)}
              </Typography.Text>
            </Space>
            {e.labels.length > 0 && (
              <Space wrap size={[4, 4]}>
                {e.labels.map((l) => (
                  <Tag key={l}>{l}</Tag>
                ))}
              </Space>
            )}
            {e.comment && <Typography.Paragraph style={{ marginBottom: 0 }}>{e.comment}</Typography.Paragraph>}
            <Answer e={e} />
          </Space>
        </List.Item>
      )}
    />
  );
}
