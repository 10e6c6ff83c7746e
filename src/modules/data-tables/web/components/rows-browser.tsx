import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { saveFile } from '@/core/ui/save-file';
import { exportRows, listRows } from '../../api';
import type { TableView } from '../../contract';
import { cellText, filterHint } from './cell-text';
import s from '../../components/data-tables.module.css';
import { TextInput } from '@/core/ui/text-input';

type Row = Record<string, unknown>;

/**
 * The rows of a table the caller may see: a filter on every column, sort by any column, pages cut on
 * the server, export of what the filters select. `actions` adds a column (edit/delete) when given.
 */
export function RowsBrowser({
  view,
  actions,
  exportable = true,
  pageSize: initialPageSize = 20,
}: {
  view: TableView;
  actions?: (row: Row) => ReactNode;
  exportable?: boolean;
  pageSize?: number;
}) {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<{ field?: string; order?: 'asc' | 'desc' }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: initialPageSize });
  const filterText = useMemo(() => {
    const f = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
    return Object.keys(f).length ? JSON.stringify(f) : undefined;
  }, [filters]);
  const rows = useQuery({
    queryKey: ['data-tables', 'rows', view.id, filterText, sort, paging],
    queryFn: () =>
      listRows({ id: view.id, filters: filterText, sortField: sort.field, sortOrder: sort.order, ...paging }).then(
        (r) => r.data,
      ),
  });
  const exporting = useMutation({
    mutationFn: () => exportRows(view.id, filterText),
    onSuccess: (r) => saveFile(r.data, `${view.name}-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`),
  });
  const search = () => {
    setFilters(draft);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const total = rows.data?.total ?? 0;
  return (
    <>
      <div className={s.filters}>
        {view.fields.map((f) =>
          f.type === 'boolean' ? (
            <Select
              key={f.name}
              aria-label={`筛选 ${f.label}`}
              allowClear
              placeholder={f.label}
              value={draft[f.name] || undefined}
              options={[
                { value: '1', label: `${f.label}：是` },
                { value: '0', label: `${f.label}：否` },
              ]}
              onChange={(v?: string) => setDraft((d) => ({ ...d, [f.name]: v ?? '' }))}
            />
          ) : (
            <TextInput
              key={f.name}
              aria-label={`筛选 ${f.label}`}
              allowClear
              placeholder={filterHint(f)}
              value={draft[f.name] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
              onPressEnter={search}
            />
          ),
        )}
        <Space>
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setFilters({});
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            重置
          </Button>
          {exportable && (
            <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
              导出
            </Button>
          )}
        </Space>
      </div>
      <Table<Row>
        rowKey={(r) => String(r._id)}
        size="middle"
        loading={rows.isFetching}
        dataSource={rows.data?.list ?? []}
        locale={{ emptyText: '暂无数据' }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (t) =>
            rows.data?.totalExact === false ? `超过 ${t.toLocaleString()} 行` : `共 ${t.toLocaleString()} 行`,
        }}
        onChange={(p, _f, sorter) => {
          const so = sorter as SorterResult<Row>;
          setSort(so.order ? { field: String(so.field), order: so.order === 'descend' ? 'desc' : 'asc' } : {});
          setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? initialPageSize });
        }}
        columns={[
          ...view.fields.map((f) => ({
            title: f.label,
            dataIndex: f.name,
            key: f.name,
            sorter: true,
            ellipsis: f.type === 'text',
            width: f.type === 'text' ? 260 : undefined,
            render: (v: unknown) =>
              f.type === 'text' ? (
                <Typography.Text ellipsis={{ tooltip: String(v ?? '') }}>{cellText(f, v)}</Typography.Text>
              ) : (
                cellText(f, v)
              ),
          })),
          ...(actions
            ? [
                {
                  title: '操作',
                  key: '_actions',
                  fixed: 'right' as const,
                  width: 150,
                  render: (_: unknown, r: Row) => actions(r),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
