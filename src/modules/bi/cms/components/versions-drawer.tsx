import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Popconfirm, Table } from 'antd';
import { toast } from '@/core/ui/toast';
import { listVersions, restoreVersion } from '../../dashboard-api';
import type { VersionItem } from '../../dashboard-contract';
import { time } from '../../components/format';

/** 版本记录: each publish's snapshot; 恢复 copies one into the draft (viewers see it after the next publish). */
export function VersionsDrawer({
  target,
  onClose,
}: {
  target: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['bi', 'versions', target?.id],
    queryFn: () => listVersions(target!.id).then((r) => r.data),
    enabled: target !== null,
  });
  const restore = useMutation({
    mutationFn: (v: number) => restoreVersion(target!.id, v),
    onSuccess: () => {
      toast.success('已恢复到草稿，发布后生效');
      void qc.invalidateQueries({ queryKey: ['bi', 'dashboards'] });
      void qc.invalidateQueries({ queryKey: ['bi', 'dashboard', target?.id] });
    },
  });
  return (
    <Drawer
      title={target ? `版本记录：${target.name}` : '版本记录'}
      open={target !== null}
      onClose={onClose}
      size={560}
    >
      <Table<VersionItem>
        rowKey="version"
        size="small"
        loading={q.isPending}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: '版本', dataIndex: 'version', width: 64 },
          { title: '名称', dataIndex: 'name' },
          { title: '组件', dataIndex: 'widgetCount', width: 64 },
          { title: '发布人', dataIndex: 'publishedBy', width: 96 },
          { title: '发布时间', dataIndex: 'publishedAt', render: (v: number) => time(v), width: 150 },
          {
            title: '操作',
            width: 80,
            render: (_, v) => (
              <Popconfirm title={`把版本 ${v.version} 恢复到草稿？`} onConfirm={() => restore.mutate(v.version)}>
                <Button type="link" size="small">
                  恢复
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
