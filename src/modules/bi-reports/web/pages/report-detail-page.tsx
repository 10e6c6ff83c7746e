import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Pagination, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { saveFile } from '@/core/ui/save-file';
import { exportReportExcel, exportReportPdf, getReportView, runReport } from '../../api';
import type { ParamValue } from '../../contract';
import { ParamFields, defaultParams } from '../../components/param-form';
import { ReportTable } from '../../components/report-table';

const PAGE_SIZE = 20;
const stamp = () => {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
};

/**
 * 报表详情 (/web/bi/reportDetail?id=): the report's parameter form, a page of its grouped table with
 * subtotals and the grand total, and the exports of the whole report (Excel, PDF) with the same
 * parameters. The server decides who may see it.
 */
export default function ReportDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: ['bi-reports', 'view', id],
    queryFn: () => getReportView(id).then((r) => r.data),
    enabled: valid,
  });
  const [draft, setDraft] = useState<Record<string, ParamValue>>({});
  const [applied, setApplied] = useState<Record<string, ParamValue> | null>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (detail.data) {
      const d = defaultParams(detail.data.params);
      setDraft(d);
      setApplied(d);
      setPage(1);
    }
  }, [detail.data]);
  const result = useQuery({
    queryKey: ['bi-reports', 'run', id, applied, page],
    queryFn: () => runReport({ id, params: applied!, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    enabled: valid && applied !== null,
    placeholderData: keepPreviousData,
  });
  const name = detail.data?.name ?? '报表';
  const excel = useMutation({
    mutationFn: () => exportReportExcel(id, applied ?? {}),
    onSuccess: (r) => saveFile(r.data, `${name}-${stamp()}.xlsx`),
  });
  const pdf = useMutation({
    mutationFn: () => exportReportPdf(id, applied ?? {}),
    onSuccess: (r) => saveFile(r.data, `${name}-${stamp()}.pdf`),
  });

  if (!valid) return <Empty description="报表地址不正确" />;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError) return <Empty description="无法打开该报表" />;
  const r = detail.data;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {r.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: r.params.length ? 16 : 0 }}>
          {r.description || '—'}（数据来源：{r.tableName}）
        </Typography.Paragraph>
        <Form layout="inline" onFinish={() => (setApplied(draft), setPage(1))}>
          <ParamFields reportId={id} params={r.params} values={draft} onChange={setDraft} />
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button icon={<DownloadOutlined />} loading={excel.isPending} onClick={() => excel.mutate()}>
                导出 Excel
              </Button>
              <Button icon={<DownloadOutlined />} loading={pdf.isPending} onClick={() => pdf.mutate()}>
                导出 PDF
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card
        title={
          result.data?.params.length
            ? `参数：${result.data.params.map((p) => `${p.label} ${p.text}`).join('；')}`
            : '报表'
        }
      >
        {result.data?.truncated && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="本页数据过多，只显示了前面的部分，请缩小参数范围或导出查看"
          />
        )}
        <ReportTable result={result.data} loading={result.isFetching} />
        {(result.data?.totalGroups ?? 0) > PAGE_SIZE && (
          <Flex justify="end" style={{ marginTop: 12 }}>
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={result.data!.totalGroups}
              showSizeChanger={false}
              showTotal={(t) => `共 ${t} 个分组`}
              onChange={setPage}
            />
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
