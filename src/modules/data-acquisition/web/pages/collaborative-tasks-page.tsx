import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Progress, Row, Table, Tag } from 'antd';
import { getCollab } from '../../api';
import { RECORD_STATE_LABELS, type CollabProgress, type RecordState } from '../../contract';
import { RECORD_STATE_COLORS } from '../../components/labels';
import { TaskTable } from '../components/task-table';

const PAGE_SIZE = 20;

function CollabView({ id, onBack }: { id: number; onBack: () => void }) {
  const [page, setPage] = useState(1);
  const data = useQuery({
    queryKey: ['acquisition', 'collab', id, page],
    queryFn: () => getCollab(id, page, PAGE_SIZE).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const d = data.data;
  return (
    <Card title="协同进度" extra={<Button onClick={onBack}>返回</Button>}>
      <Row gutter={16}>
        <Col span={10}>
          <Table<CollabProgress['people'][number]>
            title={() => '按人员'}
            rowKey="userId"
            size="small"
            pagination={false}
            loading={data.isFetching}
            dataSource={d?.people}
            columns={[
              { title: '协同人', dataIndex: 'userName', width: 100 },
              { title: '负责字段', dataIndex: 'fields', render: (f: string[]) => `${f.length} 个` },
              {
                title: '已提交',
                render: (_: unknown, r) => (
                  <Progress
                    aria-label="已提交"
                    size="small"
                    percent={r.total ? Math.round((r.submitted / r.total) * 100) : 0}
                    format={() => `${r.submitted}/${r.total}`}
                  />
                ),
              },
            ]}
          />
        </Col>
        <Col span={14}>
          <Table<CollabProgress['records'][number]>
            title={() => '按记录'}
            rowKey="recordId"
            size="small"
            loading={data.isFetching}
            dataSource={d?.records}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: d?.recordsTotal ?? 0,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              { title: '记录', dataIndex: 'label' },
              {
                title: '各部分',
                render: (_: unknown, r) => (
                  <Progress
                    aria-label="各部分提交进度"
                    size="small"
                    percent={r.parts ? Math.round((r.submittedParts / r.parts) * 100) : 0}
                    format={() => `${r.submittedParts}/${r.parts}`}
                  />
                ),
              },
              {
                title: '状态',
                dataIndex: 'state',
                width: 90,
                render: (s: RecordState) => <Tag color={RECORD_STATE_COLORS[s]}>{RECORD_STATE_LABELS[s]}</Tag>,
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}

/** /web/dataAcquisition/collaborativeTasks: my collaborative tasks; ?id= shows progress per person and per record. */
export default function CollaborativeTasksPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  if (id) return <CollabView id={id} onBack={() => setParams({})} />;
  return (
    <Card title="协同任务">
      <TaskTable collaborative onOpen={(t) => setParams({ id: String(t.id) })} />
    </Card>
  );
}
