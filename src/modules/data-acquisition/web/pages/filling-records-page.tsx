import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Select, Table, Tag, Typography } from 'antd';
import { listRecords } from '../../api';
import { RECORD_STATES, RECORD_STATE_LABELS, type MineItem, type RecordState } from '../../contract';
import { RECORD_STATE_COLORS, fillPath, time } from '../../components/labels';

const PAGE_SIZE = 10;

/** /web/dataAcquisition/fillingRecords: what I filled and where each record stands. */
export default function FillingRecordsPage() {
  const [state, setState] = useState<RecordState | undefined>();
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, state };
  const list = useQuery({
    queryKey: ['acquisition', 'records', q],
    queryFn: () => listRecords(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="填报记录"
      extra={
        <Select<RecordState>
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 160 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={RECORD_STATES.filter((s) => s !== 'draft').map((s) => ({ value: s, label: RECORD_STATE_LABELS[s] }))}
        />
      }
    >
      <Table<MineItem>
        rowKey="assignmentId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无填报记录' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '任务',
            dataIndex: 'title',
            render: (t: string, r) => <Link to={fillPath(r.assignmentId)}>{t}</Link>,
          },
          { title: '表单', dataIndex: 'formName' },
          { title: '记录', dataIndex: 'recordLabel' },
          {
            title: '状态',
            dataIndex: 'recordState',
            width: 100,
            render: (s: RecordState) => <Tag color={RECORD_STATE_COLORS[s]}>{RECORD_STATE_LABELS[s]}</Tag>,
          },
          {
            title: '说明',
            dataIndex: 'note',
            render: (n: string) => (n ? <Typography.Text type="warning">{n}</Typography.Text> : null),
          },
          { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (d: number) => time(d) },
        ]}
      />
    </Card>
  );
}
