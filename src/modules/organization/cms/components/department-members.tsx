import { useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Modal, Space, Table } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveUsers } from '@/modules/organization/api';
import type { UserPick } from '@/modules/organization/contract';
import { DepartmentSelect } from './department-select';
import { userColumns } from './user-columns';
import { useUserPage } from './use-user-page';
import { SearchInput } from '@/core/ui/text-input';

/** People of the selected department (optionally with its sub-departments), and moving them elsewhere. */
export function DepartmentMembers({ departmentId }: { departmentId: number }) {
  const [includeChildren, setIncludeChildren] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const [form] = Form.useForm<{ departmentId: number }>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const users = useUserPage({ departmentId, includeChildren });

  useEffect(() => setSelected([]), [departmentId, includeChildren]);

  const move = useMutation({
    mutationFn: (to: number) => moveUsers({ userIds: selected, departmentId: to }),
    onSuccess: async (r) => {
      message.success(`已调整 ${r.data.count} 人的部门`);
      setMoving(false);
      setSelected([]);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['organization'] });
    },
  });

  return (
    <Card
      title="部门成员"
      extra={
        <Space>
          <Checkbox checked={includeChildren} onChange={(e) => setIncludeChildren(e.target.checked)}>
            包含下级部门
          </Checkbox>
          <SearchInput allowClear placeholder="用户名 / 姓名 / 学工号" style={{ width: 240 }} onSearch={users.search} />
          <Button type="primary" icon={<SwapOutlined />} disabled={!selected.length} onClick={() => setMoving(true)}>
            调整部门{selected.length ? `（${selected.length}）` : ''}
          </Button>
        </Space>
      }
    >
      <Table<UserPick>
        rowKey="id"
        size="middle"
        loading={users.q.isFetching}
        dataSource={users.q.data?.list ?? []}
        columns={userColumns}
        pagination={users.pagination}
        onChange={users.onPage}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          preserveSelectedRowKeys: true,
        }}
        locale={{ emptyText: '该部门暂无人员' }}
      />
      <Modal
        title={`调整部门（已选 ${selected.length} 人）`}
        open={moving}
        okText="确定调整"
        cancelText="取消"
        confirmLoading={move.isPending}
        onCancel={() => setMoving(false)}
        onOk={() =>
          form.validateFields().then(
            (v) => move.mutate(v.departmentId),
            () => undefined,
          )
        }
      >
        <Form name="department-members" form={form} layout="vertical">
          <Form.Item name="departmentId" label="调整到" rules={[{ required: true, message: '请选择部门' }]}>
            <DepartmentSelect placeholder="请选择目标部门" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
