import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Table, Tabs } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { listItems, setFavorite } from '@/modules/service-hall/api';
import { listFavorites, removeFavorite } from '../../api';
import { FAVORITE_KIND_LABELS, FAVORITE_KINDS, type FavoriteKind } from '../../contract';
import { time } from '../components/format';
import s from './user-center.module.css';

const PAGE_SIZE = 10;
type Tab = 'item' | FavoriteKind;

/** Service items: the service hall's own favourites (its star), paged by the hall. */
function ItemFavorites() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['userCenter', 'itemFavorites', page],
    queryFn: () => listItems({ favorites: true, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const off = useMutation({
    mutationFn: (id: number) => setFavorite(id, false),
    onSuccess: () => {
      message.success('已取消收藏');
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <Table
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list}
      locale={{ emptyText: '还没有收藏服务事项，在服务大厅点击星标即可收藏' }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list.data?.total,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: '事项', dataIndex: 'name', render: (v: string, r) => <Link to={r.path}>{v}</Link> },
        { title: '办理部门', dataIndex: 'departmentName' },
        {
          title: '操作',
          key: 'op',
          width: 120,
          render: (_, r) => (
            <Popconfirm title="取消收藏该事项？" onConfirm={() => off.mutate(r.id)}>
              <Button type="link" size="small" icon={<StarFilled style={{ color: '#faad14' }} />}>
                取消收藏
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

function OwnFavorites({ kind }: { kind: FavoriteKind }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['userCenter', 'favorites', kind, page],
    queryFn: () => listFavorites({ kind, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const off = useMutation({
    mutationFn: (refKey: string) => removeFavorite(kind, refKey),
    onSuccess: () => {
      message.success('已取消收藏');
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  return (
    <Table
      rowKey="id"
      loading={list.isFetching}
      dataSource={list.data?.list}
      locale={{ emptyText: `还没有收藏${FAVORITE_KIND_LABELS[kind]}` }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: list.data?.total,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: '名称', dataIndex: 'title', render: (v: string, r) => <Link to={r.link}>{v}</Link> },
        { title: '收藏时间', dataIndex: 'createdAt', width: 180, render: (v: number) => time(v) },
        {
          title: '操作',
          key: 'op',
          width: 120,
          render: (_, r) => (
            <Popconfirm title="取消收藏？" onConfirm={() => off.mutate(r.refKey)}>
              <Button type="link" size="small" icon={<StarFilled style={{ color: '#faad14' }} />}>
                取消收藏
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}

/** /web/userCenter/myCollection: favourites across service items, apps, articles, forms and pages. */
export default function MyCollectionPage() {
  const [tab, setTab] = useState<Tab>('item');
  return (
    <div className={s.page}>
      <Card title="我的收藏">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Tab)}
          items={(['item', ...FAVORITE_KINDS] as Tab[]).map((k) => ({
            key: k,
            label: FAVORITE_KIND_LABELS[k],
            children: tab === k ? k === 'item' ? <ItemFavorites /> : <OwnFavorites kind={k} /> : null,
          }))}
        />
      </Card>
    </div>
  );
}
