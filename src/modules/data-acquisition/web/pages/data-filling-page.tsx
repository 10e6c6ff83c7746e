import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tabs, Tag } from 'antd';
import { listMine } from '../../api';
import { PART_STATE_LABELS, RECORD_STATE_LABELS, type MineItem } from '../../contract';
import { PART_STATE_COLORS, RECORD_STATE_COLORS, time } from '../../components/labels';
import { FillPanel } from '../components/fill-panel';
import { SearchInput } from '@/core/ui/text-input';

const PAGE_SIZE = 10;

/** /web/dataAcquisition/dataFilling: my collection tasks to fill (待填报 / 已提交); ?assignmentId= opens one. */
export default function DataFillingPage() {
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('assignmentId')) || null;
  const [scope, setScope] = useState<'open' | 'done'>('open');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, scope, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: ['acquisition', 'mine', q],
    queryFn: () => listMine(q).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: open === null,
  });
  const go = (id: number | null) => setParams(id ? { assignmentId: String(id) } : {});
  if (open !== null)
    return (
      <Card>
        <FillPanel assignmentId={open} onClose={() => go(null)} />
      </Card>
    );
  return (
    // The search sits in the card's header, not in the tab bar: a tab list may hold only tabs.
    <Card
      title="数据填报"
      extra={
        <SearchInput
          allowClear
          placeholder="搜索任务名称"
          aria-label="搜索任务"
          style={{ width: 240 }}
          maxLength={60}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Tabs
        activeKey={scope}
        onChange={(k) => {
          setScope(k as 'open' | 'done');
          setPage(1);
        }}
        items={[
          { key: 'open', label: '待填报' },
          { key: 'done', label: '已提交' },
        ]}
      />
      <Table<MineItem>
        rowKey="assignmentId"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: scope === 'open' ? '暂无待填报的任务' : '暂无已提交的填报' }}
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
            render: (t: string, r) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => go(r.assignmentId)}>
                {t}
              </Button>
            ),
          },
          { title: '表单', dataIndex: 'formName' },
          { title: '记录', dataIndex: 'recordLabel' },
          { title: '截止时间', dataIndex: 'deadline', width: 150, render: (d: number) => time(d) },
          {
            title: '我的填报',
            dataIndex: 'part',
            width: 100,
            render: (p: MineItem['part']) => <Tag color={PART_STATE_COLORS[p]}>{PART_STATE_LABELS[p]}</Tag>,
          },
          {
            title: '记录状态',
            dataIndex: 'recordState',
            width: 100,
            render: (s: MineItem['recordState']) => <Tag color={RECORD_STATE_COLORS[s]}>{RECORD_STATE_LABELS[s]}</Tag>,
          },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, r) => (
              <Button size="small" type={scope === 'open' ? 'primary' : 'default'} onClick={() => go(r.assignmentId)}>
                {scope === 'open' ? '填报' : '查看'}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
