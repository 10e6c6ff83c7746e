import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { listScience, type ScienceRow } from '../../api';
import type { ScienceKind } from '../../contract';
import s from './user-center.module.css';

const PAGE_SIZE = 10;
const COLUMNS: Record<ScienceKind, ColumnsType<ScienceRow>> = {
  project: [
    { title: '项目名称', dataIndex: 'title' },
    { title: '级别', dataIndex: 'level', width: 100 },
    { title: '来源', dataIndex: 'funder' },
    { title: '经费（万元）', dataIndex: 'funding', width: 120, align: 'right' },
    { title: '起止日期', key: 'dates', width: 220, render: (_, r) => `${r.startDate} ~ ${r.endDate}` },
    { title: '状态', dataIndex: 'status', width: 90 },
  ],
  paper: [
    { title: '论文题目', dataIndex: 'title' },
    { title: '期刊', dataIndex: 'journal' },
    { title: '收录', dataIndex: 'indexedBy', width: 100 },
    { title: '发表日期', dataIndex: 'publishedDate', width: 120 },
    { title: 'DOI', dataIndex: 'doi', width: 220 },
  ],
  award: [
    { title: '奖项名称', dataIndex: 'title' },
    { title: '级别', dataIndex: 'level', width: 100 },
    { title: '等级', dataIndex: 'grade', width: 100 },
    { title: '获奖日期', dataIndex: 'awardedDate', width: 120 },
  ],
};
const LABELS: Record<ScienceKind, string> = { project: '科研项目', paper: '学术论文', award: '科研获奖' };

function ScienceList({ kind }: { kind: ScienceKind }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['userCenter', 'science', kind, page],
    queryFn: () => listScience({ kind, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<ScienceRow>
      rowKey="key"
      loading={list.isFetching}
      dataSource={list.data?.list}
      columns={COLUMNS[kind]}
      locale={{ emptyText: `暂无${LABELS[kind]}` }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list.data?.total,
        onChange: setPage,
        showSizeChanger: false,
      }}
    />
  );
}

/** /web/userCenter/myScience (staff): my projects (as leader), papers (as first author) and awards. */
export default function MySciencePage() {
  const [tab, setTab] = useState<ScienceKind>('project');
  return (
    <div className={s.page}>
      <Card title="我的科研">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as ScienceKind)}
          items={(Object.keys(LABELS) as ScienceKind[]).map((k) => ({
            key: k,
            label: LABELS[k],
            children: tab === k ? <ScienceList kind={k} /> : null,
          }))}
        />
      </Card>
    </div>
  );
}
