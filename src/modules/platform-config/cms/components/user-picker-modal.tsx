import { useEffect, useState } from 'react';
import { Modal, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserList } from '@/modules/organization/api';
import type { UserPick } from '@/modules/organization/contract';
import { SearchInput } from '@/core/ui/text-input';

const KIND: Record<string, string> = { student: '学生', staff: '教职工', admin: '管理员' };

/** Choose ordinary users (students and staff) by keyword, server-paginated; the choice survives paging. */
export function UserPickerModal({
  open,
  confirmLoading,
  onCancel,
  onPick,
}: {
  open: boolean;
  confirmLoading?: boolean;
  onCancel: () => void;
  onPick: (ids: number[]) => void;
}) {
  const [selected, setSelected] = useState<number[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  useEffect(() => {
    if (!open) {
      setSelected([]);
      setKeyword('');
      setPage(1);
    }
  }, [open]);
  const body = { ...(keyword ? { keyword } : {}), page, pageSize };
  const q = useQuery({
    queryKey: ['platform-config', 'user-picker', body],
    queryFn: () => getUserList(body).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  return (
    <Modal
      title="添加平台成员"
      open={open}
      width={900}
      okText={selected.length ? `添加（${selected.length}）` : '添加'}
      okButtonProps={{ disabled: !selected.length }}
      cancelText="取消"
      confirmLoading={confirmLoading}
      onCancel={onCancel}
      onOk={() => onPick(selected)}
      destroyOnHidden
    >
      <SearchInput
        allowClear
        placeholder="输入用户名、学工号或姓名搜索"
        onSearch={(k) => {
          setKeyword(k.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<UserPick>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '用户名', dataIndex: 'username' },
          { title: '学工号', dataIndex: 'userNo' },
          { title: '类型', dataIndex: 'kind', render: (k: string) => KIND[k] ?? k },
          { title: '部门', dataIndex: ['department', 'name'], render: (v?: string) => v ?? '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => (v === 'active' ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>),
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
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          preserveSelectedRowKeys: true,
          // Administrators have no platforms: the server refuses them.
          getCheckboxProps: (u) => ({ disabled: u.kind === 'admin' }),
        }}
        scroll={{ y: 400 }}
      />
    </Modal>
  );
}
