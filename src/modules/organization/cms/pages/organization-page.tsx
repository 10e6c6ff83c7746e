import { useEffect, useState } from 'react';
import { App, Button, Card, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDepartmentTree, moveDepartment } from '@/modules/organization/api';
import { DepartmentCreateModal } from '../components/department-create-modal';
import { DepartmentDetail } from '../components/department-detail';
import { DepartmentMembers } from '../components/department-members';
import { DepartmentTree } from '../components/department-tree';
import s from './organization-page.module.css';

/** /cms/systemSetting/organization 部门管理: the tree on the left, the selected department and its people on the right. */
export default function OrganizationPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tree = useQuery({ queryKey: ['organization', 'tree'], queryFn: () => getDepartmentTree().then((r) => r.data) });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState<{ parent: { id: number; name: string } | null } | null>(null);

  // Start on the first top-level department.
  useEffect(() => {
    if (selectedId === null && tree.data?.length) setSelectedId(tree.data[0]!.id);
  }, [selectedId, tree.data]);

  const move = useMutation({
    mutationFn: moveDepartment,
    onSuccess: async () => {
      message.success('部门已移动');
      await qc.invalidateQueries({ queryKey: ['organization'] });
    },
  });

  return (
    <div className={s.page}>
      <Card
        title="组织机构"
        className={s.treeCard}
        extra={
          <Button type="link" icon={<PlusOutlined />} onClick={() => setCreating({ parent: null })}>
            顶层部门
          </Button>
        }
      >
        <DepartmentTree
          roots={tree.data ?? []}
          loading={tree.isPending}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onMove={(m) => move.mutateAsync(m)}
        />
      </Card>
      <div className={s.main}>
        {selectedId === null ? (
          <Card>
            <Empty description="请在左侧选择部门" />
          </Card>
        ) : (
          <>
            <DepartmentDetail
              key={selectedId}
              id={selectedId}
              onAddChild={(parent) => setCreating({ parent })}
              onDeleted={() => setSelectedId(null)}
            />
            <DepartmentMembers departmentId={selectedId} />
          </>
        )}
      </div>
      <DepartmentCreateModal
        open={creating !== null}
        parent={creating?.parent ?? null}
        onClose={() => setCreating(null)}
        onCreated={(id) => {
          setCreating(null);
          setSelectedId(id);
        }}
      />
    </div>
  );
}
