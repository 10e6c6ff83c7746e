import { useState } from 'react';
import { Button, Drawer, Empty, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getForm, listFormHistory } from '@/modules/forms/api';
import type { FormHistoryItem, FormVersionInfo } from '@/modules/forms/contract';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Names of the change log's actions. */
export const HISTORY_ACTIONS: Record<string, string> = {
  created: '新建',
  saved: '保存',
  published: '发布',
  disabled: '停用',
  enabled: '启用',
  copied: '复制',
  imported: '导入',
  deleted: '删除',
};

/** 版本: every published version of a form, newest first, each openable in the preview. */
export function VersionsDrawer({
  form,
  onClose,
  onPreview,
}: {
  form: { id: number; name: string } | null;
  onClose: () => void;
  onPreview: (id: number, version: number) => void;
}) {
  const detail = useQuery({
    queryKey: ['forms', 'detail', form?.id],
    queryFn: () => getForm(form!.id).then((r) => r.data),
    enabled: form !== null,
  });
  const versions = [...(detail.data?.versions ?? [])].sort((a, b) => b.version - a.version);
  return (
    <Drawer
      title={form ? `版本记录：${form.name}` : '版本记录'}
      open={form !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
    >
      <Table<FormVersionInfo>
        rowKey="version"
        size="small"
        loading={detail.isFetching}
        dataSource={versions}
        pagination={false}
        locale={{ emptyText: <Empty description="尚未发布过版本" /> }}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            width: 80,
            render: (v: number, r) => (
              <>
                v{v}
                {r === versions[0] && (
                  <Tag color="success" style={{ marginLeft: 6 }}>
                    最新
                  </Tag>
                )}
              </>
            ),
          },
          { title: '发布时间', dataIndex: 'publishedAt', width: 170, render: time },
          { title: '发布人', dataIndex: 'publishedBy' },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => onPreview(form!.id, r.version)}>
                预览
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** 修改记录: who did what to a form, newest first, paged on the server. */
export function HistoryDrawer({ form, onClose }: { form: { id: number; name: string } | null; onClose: () => void }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const id = form?.id ?? 0;
  const list = useQuery({
    queryKey: ['forms', 'history', id, paging],
    queryFn: () => listFormHistory({ id, ...paging }).then((r) => r.data),
    enabled: form !== null,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer
      title={form ? `修改记录：${form.name}` : '修改记录'}
      open={form !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      afterOpenChange={(open) => !open && setPaging({ page: 1, pageSize: 20 })}
    >
      <Table<FormHistoryItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无修改记录' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          showSizeChanger: true,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170, render: time },
          { title: '操作人', dataIndex: 'by', width: 120 },
          { title: '操作', dataIndex: 'action', width: 80, render: (a: string) => HISTORY_ACTIONS[a] ?? a },
          { title: '说明', dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
