import { useState } from 'react';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assignPlatformUsers, listPlatformUsers } from '@/modules/platform-config/api';
import type { PlatformMember } from '@/modules/platform-config/contract';
import { UserPickerModal } from './user-picker-modal';
import { SearchInput } from '@/core/ui/text-input';

const KIND: Record<string, string> = { student: '学生', staff: '教职工', admin: '管理员' };

/** The users assigned to a platform directly (roles assign whole groups): server-paginated, add and remove. */
export function PlatformMembers({ platformId }: { platformId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const query = { platformId, page, pageSize, ...(keyword ? { keyword } : {}) };
  const q = useQuery({
    queryKey: ['platform-config', 'members', query],
    queryFn: () => listPlatformUsers(query).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const assign = useMutation({
    mutationFn: (v: { action: 'add' | 'remove'; userIds: number[] }) => assignPlatformUsers({ platformId, ...v }),
    onSuccess: async (_r, v) => {
      message.success(v.action === 'add' ? `已添加 ${v.userIds.length} 人` : `已移除 ${v.userIds.length} 人`);
      setPicking(false);
      setSelected([]);
      await qc.invalidateQueries({ queryKey: ['platform-config', 'members'] });
      await qc.invalidateQueries({ queryKey: ['platform-config', 'platforms'] });
    },
  });

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchInput
          allowClear
          placeholder="用户名、学工号或姓名"
          style={{ width: 260 }}
          onSearch={(k) => {
            setKeyword(k.trim());
            setPage(1);
          }}
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
          添加成员
        </Button>
        <Popconfirm
          title="移除成员"
          description={`确定从该平台移除选中的 ${selected.length} 人吗？`}
          okText="移除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          disabled={!selected.length}
          onConfirm={() => assign.mutateAsync({ action: 'remove', userIds: selected })}
        >
          <Button danger icon={<UserDeleteOutlined />} disabled={!selected.length}>
            批量移除
          </Button>
        </Popconfirm>
      </Space>
      <Table<PlatformMember>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '用户名', dataIndex: 'username' },
          { title: '学工号', dataIndex: 'userNo' },
          { title: '类型', dataIndex: 'kind', render: (k: string) => KIND[k] ?? k },
          { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => (v === 'active' ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, u) => (
              <Popconfirm
                title="移除成员"
                description={`确定从该平台移除“${u.realName}”吗？`}
                okText="移除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => assign.mutateAsync({ action: 'remove', userIds: [u.id] })}
              >
                <Button type="link" danger size="small">
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
        pagination={{
          current: page,
          pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 人`,
        }}
        onChange={(p) => {
          setPage(p.pageSize !== pageSize ? 1 : (p.current ?? 1));
          setPageSize(p.pageSize ?? pageSize);
        }}
      />
      <UserPickerModal
        open={picking}
        confirmLoading={assign.isPending}
        onCancel={() => setPicking(false)}
        onPick={(ids) => assign.mutate({ action: 'add', userIds: ids })}
      />
    </>
  );
}
