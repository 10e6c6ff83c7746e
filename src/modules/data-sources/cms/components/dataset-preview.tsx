import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { previewDataset } from '@/modules/data-sources/api';
import {
  DATA_FIELD_TYPE_TEXT,
  MASK,
  PREVIEW_ROWS,
  type DatasetField,
  type DatasetPreviewBody,
} from '@/modules/data-sources/contract';

/** Rows have no id of their own: their place in the preview is their key. */
const ROW_KEY = '__previewRow';

/** A value as the preview shows it: datetimes (ms) as local time, booleans as 是/否. */
export function formatValue(field: DatasetField, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v === MASK) return MASK;
  if (field.type === 'datetime' && typeof v === 'number') return dayjs(v).format('YYYY-MM-DD HH:mm:ss');
  if (field.type === 'boolean') return v ? '是' : '否';
  return String(v);
}

/**
 * The first rows of a dataset (saved: { id }; being edited: its spec and fields). Sensitive fields
 * come masked; 显示敏感字段 asks again with reveal (administrators; the server audits it).
 */
export function DatasetPreviewModal({ request, onClose }: { request: DatasetPreviewBody | null; onClose: () => void }) {
  const [reveal, setReveal] = useState(false);
  const q = useQuery({
    queryKey: ['data-sources', 'preview', request, reveal],
    queryFn: () => previewDataset({ ...request!, reveal }).then((r) => r.data),
    enabled: request !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const fields = q.data?.fields ?? [];
  return (
    <Modal
      title="数据预览"
      open={request !== null}
      onCancel={() => {
        setReveal(false);
        onClose();
      }}
      footer={null}
      width={1400}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {q.isError && <Alert type="error" showIcon title="预览失败" description={(q.error as Error).message} />}
        {q.data && (
          <Space>
            <Typography.Text type="secondary">
              前 {PREVIEW_ROWS} 行内共 {q.data.rows.length} 行，用时 {q.data.elapsedMs} 毫秒
            </Typography.Text>
            {q.data.masked && <Tag color="orange">敏感字段已隐藏</Tag>}
            {q.data.masked && (
              <Button size="small" onClick={() => setReveal(true)}>
                显示敏感字段
              </Button>
            )}
            {reveal && <Tag color="red">正在显示敏感字段（已记录审计日志）</Tag>}
          </Space>
        )}
        <Table<Record<string, unknown>>
          size="small"
          loading={q.isFetching}
          rowKey={(r) => String(r[ROW_KEY])}
          dataSource={(q.data?.rows ?? []).map((r, i) => ({ ...r, [ROW_KEY]: i }))}
          pagination={false}
          scroll={{ x: 'max-content', y: 560 }}
          locale={{ emptyText: '没有数据' }}
          columns={fields.map((f) => ({
            key: f.name,
            dataIndex: f.name,
            title: (
              <Space orientation="vertical" size={0}>
                <span>
                  {f.label}
                  {f.sensitive && (
                    <Tag color="orange" style={{ marginLeft: 4 }}>
                      敏感
                    </Tag>
                  )}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                  {f.name} · {DATA_FIELD_TYPE_TEXT[f.type]}
                </Typography.Text>
              </Space>
            ),
            ellipsis: true,
            width: f.type === 'text' ? 260 : 150,
            render: (v: unknown) => formatValue(f, v),
          }))}
        />
      </Space>
    </Modal>
  );
}
