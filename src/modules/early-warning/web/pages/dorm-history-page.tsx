import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { fetchDormHistory, type GateRow } from '../../api';
import { time } from '../../components/format';

const PAGE_SIZE = 20;

/** /web/earlyWarning/dormHistory?studentNo=: a student's dorm gate passages (门禁系统, synced), newest first. */
export default function DormHistoryPage() {
  const [studentNo, setStudentNo] = useState(() => new URLSearchParams(location.search).get('studentNo') ?? '');
  const [page, setPage] = useState(1);
  const q = { studentNo, page, pageSize: PAGE_SIZE };
  const rows = useQuery({
    queryKey: ['earlyWarning', 'gate', q],
    queryFn: () => fetchDormHistory(q).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: !!studentNo,
  });
  return (
    <Card
      title={rows.data && studentNo ? `门禁记录 · ${rows.data.student}` : '门禁记录'}
      extra={
        <SearchInput
          aria-label="学号"
          placeholder="输入学号查询"
          enterButton="查询"
          style={{ width: 260 }}
          defaultValue={studentNo}
          onSearch={(v) => {
            setStudentNo(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Table<GateRow>
        rowKey={(r) => `${r.at}-${r.direction}`}
        loading={rows.isFetching}
        dataSource={studentNo ? rows.data?.list : []}
        locale={{ emptyText: studentNo ? '暂无门禁记录' : '请输入学号查询' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '通行时间', dataIndex: 'at', render: (d: number) => time(d) },
          {
            title: '方向',
            dataIndex: 'direction',
            render: (d: string) => (d === 'in' ? <Tag color="blue">进楼</Tag> : <Tag>出楼</Tag>),
          },
          { title: '楼栋', dataIndex: 'building' },
          { title: '门禁', dataIndex: 'gate' },
          { title: '识别方式', dataIndex: 'method' },
        ]}
      />
    </Card>
  );
}
