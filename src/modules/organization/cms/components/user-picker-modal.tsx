import { useEffect, useState } from 'react';
import { Modal, Table } from 'antd';
import type { UserPick } from '@/modules/organization/contract';
import { userColumns } from './user-columns';
import { useUserPage } from './use-user-page';
import { SearchInput } from '@/core/ui/text-input';

/** Choose people by keyword from every account (server-paginated); the choice survives paging. */
export function UserPickerModal({
  open,
  title,
  confirmLoading,
  onCancel,
  onPick,
}: {
  open: boolean;
  title: string;
  confirmLoading?: boolean;
  onCancel: () => void;
  onPick: (ids: number[]) => void;
}) {
  const [selected, setSelected] = useState<number[]>([]);
  const users = useUserPage({}, open);
  useEffect(() => {
    if (!open) setSelected([]);
  }, [open]);
  return (
    <Modal
      title={title}
      open={open}
      width={960}
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
        placeholder="输入用户名、学工号前缀或姓名搜索"
        onSearch={users.search}
        style={{ marginBottom: 12 }}
      />
      <Table<UserPick>
        rowKey="id"
        size="small"
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
        scroll={{ y: 420 }}
      />
    </Modal>
  );
}
