import { useEffect } from 'react';
import { App, Breadcrumb, Button, Card, Descriptions, Form, Popconfirm, Skeleton, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { deleteDepartment, getDepartment, updateDepartment } from '@/modules/organization/api';
import type { DepartmentKind } from '@/modules/organization/contract';
import { DepartmentFormFields } from './department-form-fields';
import { applyFieldError } from './field-error';
import { LeaderSelect } from './leader-select';

interface Values {
  name: string;
  code: string;
  kind: DepartmentKind;
  sort: number;
  leaderIds: number[];
}

/** The selected department: where it sits, its head counts, and its edit form with add-child and delete. */
export function DepartmentDetail({
  id,
  onAddChild,
  onDeleted,
}: {
  id: number;
  onAddChild: (d: { id: number; name: string }) => void;
  onDeleted: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['organization', 'department', id],
    queryFn: () => getDepartment(id).then((r) => r.data),
  });
  const d = q.data;

  useEffect(() => {
    if (d)
      form.setFieldsValue({
        name: d.name,
        code: d.code,
        kind: d.kind,
        sort: d.sort,
        leaderIds: d.leaders.map((l) => l.id),
      });
  }, [d, form]);

  const save = useMutation({
    mutationFn: (v: Values) => updateDepartment({ id, ...v }),
    onSuccess: async () => {
      message.success('部门已保存');
      await qc.invalidateQueries({ queryKey: ['organization'] });
    },
    onError: (e) => applyFieldError(form, e),
  });
  const remove = useMutation({
    mutationFn: () => deleteDepartment(id),
    onSuccess: async () => {
      message.success('部门已删除');
      onDeleted();
      await qc.invalidateQueries({ queryKey: ['organization'] });
    },
  });

  return (
    <Card
      title="部门信息"
      extra={
        d && (
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => onAddChild({ id: d.id, name: d.name })}>
              新增下级部门
            </Button>
            <Popconfirm
              title="删除部门"
              description={`确定删除“${d.name}”吗？有下级部门或人员的部门不能删除。`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync()}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Breadcrumb
            items={[...d.path, { id: d.id, name: d.name }].map((p) => ({ title: p.name }))}
            style={{ marginBottom: 16 }}
          />
          <Descriptions
            size="small"
            column={4}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'direct', label: '本部门人数', children: d.userCount },
              { key: 'total', label: '含下级人数', children: d.totalUserCount },
              { key: 'children', label: '下级部门', children: d.childCount },
              { key: 'created', label: '创建时间', children: dayjs(d.createdAt).format('YYYY-MM-DD') },
            ]}
          />
          <Form name="department-detail" form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
                gap: '0 16px',
                width: '100%',
              }}
            >
              <DepartmentFormFields sortRequired />
            </div>
            {/* Who approves as this department's leader in workflows (部门负责人, 逐级负责人). */}
            <Form.Item
              name="leaderIds"
              label="部门负责人"
              extra="审批流程中“部门负责人”“逐级负责人”节点的审批人，按所选顺序"
            >
              <LeaderSelect current={d.leaders} />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                保存
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
    </Card>
  );
}
