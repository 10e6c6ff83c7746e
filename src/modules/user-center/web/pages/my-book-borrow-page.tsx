import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Table, Tabs, Tag } from 'antd';
import { listLoans, renewLoan } from '../../api';
import { MAX_RENEWALS, type LoanRow } from '../../contract';
import { time } from '../components/format';
import s from './user-center.module.css';

const PAGE_SIZE = 10;

function Loans({ scope }: { scope: 'current' | 'history' }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['userCenter', 'loans', scope, page],
    queryFn: () => listLoans({ scope, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const renew = useMutation({
    mutationFn: renewLoan,
    onSuccess: (r) => {
      message.success(`续借成功，新的应还日期 ${r.data.dueDate}`);
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <Table<LoanRow>
      rowKey="loanId"
      loading={list.isFetching}
      dataSource={list.data?.list}
      locale={{ emptyText: scope === 'current' ? '当前没有在借图书' : '暂无借阅历史' }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list.data?.total,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: '题名', dataIndex: 'title' },
        { title: '借出时间', dataIndex: 'borrowedAt', width: 170, render: (v: number | null) => time(v) },
        { title: '应还日期', dataIndex: 'dueDate', width: 120 },
        { title: '续借', dataIndex: 'renewals', width: 80, render: (v: number) => `${v}/${MAX_RENEWALS}` },
        ...(scope === 'history'
          ? [{ title: '归还时间', dataIndex: 'returnedAt', width: 170, render: (v: number | null) => time(v) }]
          : []),
        {
          title: '状态',
          dataIndex: 'status',
          width: 140,
          render: (v: string, r: LoanRow) => (
            <>
              <Tag color={r.overdue ? 'red' : v === '在借' ? 'blue' : 'default'}>{v}</Tag>
              {r.overdueDays > 0 && <span className={s.muted}>逾期 {r.overdueDays} 天</span>}
            </>
          ),
        },
        { title: '滞纳金', dataIndex: 'fine', width: 90, render: (v: number) => (v ? `¥${v.toFixed(2)}` : '') },
        ...(scope === 'current'
          ? [
              {
                title: '操作',
                key: 'op',
                width: 100,
                render: (_: unknown, r: LoanRow) =>
                  r.renewable ? (
                    <Popconfirm title={`续借《${r.title}》？`} onConfirm={() => renew.mutate(r.loanId)}>
                      <Button type="link" size="small">
                        续借
                      </Button>
                    </Popconfirm>
                  ) : (
                    <span className={s.muted}>{r.overdue ? '逾期不可续借' : '续借次数已满'}</span>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** /web/userCenter/myBookBorrow: loans with due dates and overdue marks, renewal as the library allows, history. */
export default function MyBookBorrowPage() {
  const [tab, setTab] = useState<'current' | 'history'>('current');
  return (
    <div className={s.page}>
      <Card title="我的借阅">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'current' | 'history')}
          items={[
            { key: 'current', label: '当前借阅', children: tab === 'current' ? <Loans scope="current" /> : null },
            { key: 'history', label: '借阅历史', children: tab === 'history' ? <Loans scope="history" /> : null },
          ]}
        />
      </Card>
    </div>
  );
}
