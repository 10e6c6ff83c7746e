import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Page } from '@/shared/envelope';
import { CORRECTION_STATES, CORRECTION_STATE_LABELS, type CorrectionItem, type CorrectionState } from '../../contract';
import { STATE_COLORS, time } from './labels';

const PAGE_SIZE = 10;

/** A card with a state filter over a paged list of requests (mine, or my department's). */
export function CorrectionList({
  title,
  queryKey,
  load,
  initialState,
  leading,
  trailing,
}: {
  title: string;
  queryKey: string;
  load: (q: { page: number; pageSize: number; state?: CorrectionState }) => Promise<{ data: Page<CorrectionItem> }>;
  initialState?: CorrectionState;
  leading: ColumnsType<CorrectionItem>;
  trailing: ColumnsType<CorrectionItem>;
}) {
  const [state, setState] = useState<CorrectionState | undefined>(initialState);
  const [page, setPage] = useState(1);
  const q = { page, pageSize: PAGE_SIZE, state };
  const list = useQuery({
    queryKey: ['oneTable', queryKey, q],
    queryFn: () => load(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={title}
      extra={
        <Select<CorrectionState>
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 140 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={CORRECTION_STATES.map((s) => ({ value: s, label: CORRECTION_STATE_LABELS[s] }))}
        />
      }
    >
      <Table<CorrectionItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无纠错申请' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          ...leading,
          { title: '数据项', key: 'item', render: (_, c) => `${c.tableName} · ${c.fieldLabel}` },
          { title: '原值', dataIndex: 'oldValue' },
          { title: '建议值', dataIndex: 'newValue' },
          { title: '申请时间', dataIndex: 'createdAt', render: (t: number) => time(t) },
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: CorrectionState) => <Tag color={STATE_COLORS[s]}>{CORRECTION_STATE_LABELS[s]}</Tag>,
          },
          ...trailing,
        ]}
      />
    </Card>
  );
}
