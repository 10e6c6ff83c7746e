import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Table, Tag } from 'antd';
import { clearFootprints, listFootprints } from '../../api';
import { FOOTPRINT_DAYS } from '../../contract';
import { time } from '../components/format';
import s from './user-center.module.css';

const PAGE_SIZE = 20;

/** /web/userCenter/myFootprint: pages and service items I opened in the last 90 days; clearable. */
export default function MyFootprintPage() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['userCenter', 'footprints', page],
    queryFn: () => listFootprints({ page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const clear = useMutation({
    mutationFn: clearFootprints,
    onSuccess: () => {
      message.success('足迹已清空');
      setPage(1);
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <div className={s.page}>
      <Card
        title={`我的足迹（近 ${FOOTPRINT_DAYS} 天）`}
        extra={
          <Popconfirm title="清空全部足迹？" onConfirm={() => clear.mutate()}>
            <Button danger disabled={!list.data?.total}>
              清空足迹
            </Button>
          </Popconfirm>
        }
      >
        <Table
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list}
          locale={{ emptyText: '暂无足迹' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: '访问时间', dataIndex: 'visitedAt', width: 180, render: (v: number) => time(v) },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 100,
              render: (k: string) => <Tag>{k === 'item' ? '服务事项' : '页面'}</Tag>,
            },
            { title: '页面', dataIndex: 'title', render: (v: string, r) => <Link to={r.path}>{v}</Link> },
          ]}
        />
      </Card>
    </div>
  );
}
