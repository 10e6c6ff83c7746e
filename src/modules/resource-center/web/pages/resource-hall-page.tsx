import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Segmented, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { SearchInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { fetchHall, fetchOptions, setFavorite } from '../../api';
import { KIND_LABELS, RESOURCE_KINDS, type ResourceKind, type ResourceView } from '../../contract';
import { time } from '../../components/labels';
import { PreviewModal } from '../components/preview-modal';

const PAGE_SIZE = 15;
const KIND_COLORS: Record<ResourceKind, string> = { document: 'blue', image: 'green', video: 'purple', link: 'gold' };

/** /web/webResourceCenter/resourceHall: released resources I may see, searched, filtered, previewed and starred. */
export default function ResourceHallPage() {
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<ResourceKind | 'all'>('all');
  const [label, setLabel] = useState<string | undefined>();
  const [favorite, setFavoriteOnly] = useState(false);
  const [page, setPage] = useState(1);
  const openId = Number(params.get('open')) || null;
  const qc = useQueryClient();
  const q = {
    page,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(kind !== 'all' ? { kind } : {}),
    ...(label ? { label } : {}),
    ...(favorite ? { favorite: 1 } : {}),
  };
  const hall = useQuery({
    queryKey: ['resource-center', 'hall', q],
    queryFn: () => fetchHall(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    queryKey: ['resource-center', 'options'],
    queryFn: () => fetchOptions().then((r) => r.data),
  });
  const star = useMutation({
    mutationFn: (r: ResourceView) => setFavorite(r.id, !r.favorite),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ queryKey: ['resource-center', 'hall'] });
    },
  });
  const reset = () => setPage(1);
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('open', String(id));
    else next.delete('open');
    setParams(next, { replace: true });
    if (!id) void qc.invalidateQueries({ queryKey: ['resource-center', 'hall'] });
  };
  return (
    <Card title="资源大厅">
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          aria-label="搜索资源"
          placeholder="名称、简介或标签"
          allowClear
          maxLength={60}
          style={{ width: 280 }}
          onSearch={(v: string) => {
            setKeyword(v.trim());
            reset();
          }}
        />
        <Segmented<ResourceKind | 'all'>
          value={kind}
          onChange={(v) => {
            setKind(v);
            reset();
          }}
          options={[
            { value: 'all', label: '全部' },
            ...RESOURCE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
          ]}
        />
        <Select
          aria-label="标签"
          allowClear
          placeholder="按标签筛选"
          style={{ width: 180 }}
          value={label}
          onChange={(v) => {
            setLabel(v);
            reset();
          }}
          options={(options.data?.labels ?? []).map((l) => ({ value: l, label: l }))}
        />
        <Space>
          <Switch
            aria-label="只看收藏"
            checked={favorite}
            onChange={(v) => {
              setFavoriteOnly(v);
              reset();
            }}
          />
          只看收藏
        </Space>
      </Space>
      <Table<ResourceView>
        rowKey="id"
        size="middle"
        loading={hall.isFetching}
        dataSource={hall.data?.list}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: hall.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 项`,
          onChange: setPage,
        }}
        columns={[
          {
            title: '资源名称',
            dataIndex: 'title',
            render: (t: string, r) => (
              <Space orientation="vertical" size={0}>
                <a onClick={() => open(r.id)}>{t}</a>
                <span style={{ color: '#595959', fontSize: 12 }}>{r.description}</span>
              </Space>
            ),
          },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 80,
            render: (k: ResourceKind) => <Tag color={KIND_COLORS[k]}>{KIND_LABELS[k]}</Tag>,
          },
          {
            title: '标签',
            dataIndex: 'labels',
            width: 220,
            render: (ls: string[]) => ls.map((l) => <Tag key={l}>{l}</Tag>),
          },
          { title: '部门', dataIndex: 'departmentName', width: 170 },
          { title: '发布人', dataIndex: 'ownerName', width: 100 },
          { title: '发布时间', dataIndex: 'releasedAt', width: 160, render: time },
          { title: '访问', dataIndex: 'viewCount', width: 70 },
          {
            title: '收藏',
            width: 70,
            render: (_: unknown, r) => (
              <Tooltip title={r.favorite ? '取消收藏' : '收藏'}>
                <Button
                  type="text"
                  aria-label={r.favorite ? `取消收藏 ${r.title}` : `收藏 ${r.title}`}
                  icon={r.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                  onClick={() => star.mutate(r)}
                />
              </Tooltip>
            ),
          },
        ]}
      />
      <PreviewModal id={openId} onClose={() => open(null)} />
    </Card>
  );
}
