import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Table } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { fetchLeaves, type LeaveRow } from '../../api';
import { time } from '../../components/format';

const PAGE_SIZE = 15;
const KINDS: Record<string, string> = { sick: '病假', personal: '事假', other: '其他' };

/** /web/earlyWarning/leaveConfig: approved 学生请假申请 read from the workflow; each suppresses warnings for its days. */
export default function LeaveConfigPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const rows = useQuery({
    queryKey: ['earlyWarning', 'leaves', q],
    queryFn: () => fetchLeaves(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="请假配置"
      extra={
        <SearchInput
          allowClear
          aria-label="搜索学号或姓名"
          placeholder="学号或姓名"
          style={{ width: 200 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Alert
        style={{ marginBottom: 12 }}
        showIcon
        type="info"
        title="审批通过的学生请假申请自动同步至此；请假期间不计旷课、晚归、未归与失联预警。"
      />
      <Table<LeaveRow>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        locale={{ emptyText: '暂无已批准的请假' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rows.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '学号', dataIndex: 'studentNo', width: 130 },
          { title: '姓名', dataIndex: 'studentName', width: 100 },
          { title: '学院', dataIndex: 'collegeName' },
          { title: '类型', dataIndex: 'kind', width: 80, render: (k: string) => KINDS[k] ?? k },
          { title: '开始日期', dataIndex: 'startDate', width: 120 },
          { title: '结束日期', dataIndex: 'endDate', width: 120 },
          { title: '批准时间', dataIndex: 'approvedAt', width: 150, render: (d: number) => time(d) },
        ]}
      />
    </Card>
  );
}
