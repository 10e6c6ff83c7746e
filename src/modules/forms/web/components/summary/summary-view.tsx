import { useMemo } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { DownloadOutlined, SwapOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { MAX_PAGE_SIZE } from '@/shared/envelope';
import { saveFile } from '@/core/ui/save-file';
import { exportSummary, listSummary } from '@/modules/forms/api';
import { SummaryFilterBar } from './summary-filter-bar';
import { toFormValues, type FilterParams } from './summary-filters';
import { useSummaryFields } from './summary-fields';
import { SummaryFormPicker } from './summary-form-picker';
import { SummaryTable } from './summary-table';
import s from './summary.module.css';

const int = (v: string | null, min: number): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
};

/** A file name without the characters Windows and macOS refuse. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '_').trim() || '表单';

export interface SummaryViewProps {
  /** Where a row opens: the face's detail page (formSummaryDetail or formSummaryAdminDetail). */
  detailPath: string;
}

/**
 * The form summary (approval centre and back office): pick a form, then its submissions with a
 * column per field, filters, server-side paging and the Excel export. The form, page and filters
 * live in the address, so the detail page's 返回 lands on the same rows.
 */
export function SummaryView({ detailPath }: SummaryViewProps) {
  const [params, setParams] = useSearchParams();
  const formId = int(params.get('formId'), 1);
  if (!formId) {
    return (
      <Card title="表单汇总" className={s.page}>
        <SummaryFormPicker onPick={(f) => setParams({ formId: String(f.id) }, { state: { formName: f.name } })} />
      </Card>
    );
  }
  return <FormSummary key={formId} formId={formId} detailPath={detailPath} />;
}

function FormSummary({ formId, detailPath }: { formId: number; detailPath: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = int(params.get('page'), 1) ?? 1;
  const pageSize = Math.min(int(params.get('pageSize'), 1) ?? 20, MAX_PAGE_SIZE);
  const rawFilters = params.get('filters');
  const from = int(params.get('from'), 0);
  const to = int(params.get('to'), 0);
  const filterParams = useMemo<FilterParams>(
    () => ({
      ...(rawFilters && { filters: rawFilters }),
      ...(from !== undefined && { submittedFrom: from }),
      ...(to !== undefined && { submittedTo: to }),
    }),
    [rawFilters, from, to],
  );

  const list = useQuery({
    queryKey: ['forms', 'summary', 'list', formId, filterParams, page, pageSize],
    queryFn: () => listSummary({ formId, page, pageSize, ...filterParams }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const fields = useSummaryFields(list.data?.columns);
  const formName = (location.state as { formName?: string } | null)?.formName ?? list.data?.list[0]?.formName;

  /** Writes the address; filters or page size changing start again at page 1. */
  const update = (next: { page?: number; pageSize?: number; filters?: FilterParams }) => {
    const f = next.filters ?? filterParams;
    const q = new URLSearchParams({ formId: String(formId) });
    const p = next.page ?? (next.filters ? 1 : page);
    if (p > 1) q.set('page', String(p));
    const size = next.pageSize ?? pageSize;
    if (size !== 20) q.set('pageSize', String(size));
    if (f.filters) q.set('filters', f.filters);
    if (f.submittedFrom !== undefined) q.set('from', String(f.submittedFrom));
    if (f.submittedTo !== undefined) q.set('to', String(f.submittedTo));
    if (q.toString() === params.toString()) void list.refetch();
    else setParams(q, { replace: true, state: location.state });
  };

  const exporter = useMutation({
    mutationFn: () => exportSummary({ formId, ...filterParams }),
    onSuccess: (r) =>
      saveFile(r.data, `${safeName(formName ?? `表单${formId}`)}-汇总-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`),
  });

  const columns = list.data?.columns;
  return (
    <Card
      className={s.page}
      title={
        <Typography.Text ellipsis className={s.title}>
          {formName ? `${formName} · 汇总` : '表单汇总'}
        </Typography.Text>
      }
      extra={
        <Space>
          <Button icon={<SwapOutlined />} onClick={() => navigate({ search: '' })}>
            切换表单
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            disabled={!list.data?.total}
            onClick={() => exporter.mutate()}
          >
            导出 Excel
          </Button>
        </Space>
      }
    >
      {list.isError && !list.data && (
        <Alert
          type="error"
          showIcon
          className={s.alert}
          title="汇总读取失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => update({ filters: {} })}>
              清除筛选并重试
            </Button>
          }
        />
      )}
      {columns && (
        <SummaryFilterBar
          key={`${rawFilters}|${from}|${to}`}
          fields={fields}
          initial={toFormValues(columns, filterParams)}
          onSearch={(f) => update({ filters: f })}
        />
      )}
      <SummaryTable
        fields={fields}
        data={list.data}
        loading={list.isFetching}
        page={page}
        pageSize={pageSize}
        onPage={(p, size) => update(size !== pageSize ? { page: 1, pageSize: size } : { page: p })}
        onOpen={(r) => navigate(`${detailPath}?id=${r.id}`)}
      />
    </Card>
  );
}
