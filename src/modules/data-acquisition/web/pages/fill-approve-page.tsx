import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tabs, Tag } from 'antd';
import { listFillsToApprove, listWritesToApprove } from '../../api';
import { RECORD_STATE_LABELS, type ApproveItem, type RecordState } from '../../contract';
import { RECORD_STATE_COLORS, time } from '../../components/labels';
import { ApproveDrawer } from '../components/approve-drawer';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 10;
type Tab = 'fillFromApprove' | 'dataTableApprove';

function ApproveList({ tab, onOpen }: { tab: Tab; onOpen: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: ['acquisition', 'approve', tab, q],
    queryFn: () => (tab === 'fillFromApprove' ? listFillsToApprove(q) : listWritesToApprove(q)).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <SearchInput
        allowClear
        placeholder="搜索任务或填报人"
        aria-label="搜索"
        style={{ width: 260, marginBottom: 12 }}
        maxLength={60}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table<ApproveItem>
        rowKey="recordId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: tab === 'fillFromApprove' ? '暂无待审批的填报' : '暂无待入库的记录' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '采集任务', dataIndex: 'title' },
          { title: '记录', dataIndex: 'recordLabel' },
          { title: '填报人', dataIndex: 'applicantName', width: 120 },
          {
            title: tab === 'fillFromApprove' ? '审批节点' : '目标数据表',
            render: (_: unknown, r) => (tab === 'fillFromApprove' ? r.nodeName : r.tableName),
          },
          { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (d: number | null) => time(d) },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: RecordState) => <Tag color={RECORD_STATE_COLORS[s]}>{RECORD_STATE_LABELS[s]}</Tag>,
          },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, r) => (
              <Button size="small" type="primary" onClick={() => onOpen(r.recordId)}>
                审批
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** /web/taskCenter/fillApprove: 填报审批 (fills whose approval waits for me) and 入库审批 (records my tasks are about to write). */
export default function FillApprovePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'dataTableApprove' ? 'dataTableApprove' : 'fillFromApprove';
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        items={[
          {
            key: 'fillFromApprove',
            label: '填报审批',
            children: <ApproveList tab="fillFromApprove" onOpen={setOpen} />,
          },
          {
            key: 'dataTableApprove',
            label: '入库审批',
            children: <ApproveList tab="dataTableApprove" onOpen={setOpen} />,
          },
        ]}
      />
      <ApproveDrawer recordId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
