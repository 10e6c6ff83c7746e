import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UserPick } from '@/modules/organization/contract';

const KIND_TEXT: Record<string, string> = { student: '学生', staff: '教职工', admin: '管理员' };

/** The columns every people table of this module shows. */
export const userColumns: ColumnsType<UserPick> = [
  { title: '用户名', dataIndex: 'username', width: 160 },
  { title: '姓名', dataIndex: 'realName', width: 120 },
  { title: '学号/工号', dataIndex: 'userNo', width: 160 },
  { title: '类型', dataIndex: 'kind', width: 100, render: (v: string) => KIND_TEXT[v] ?? v },
  { title: '所在部门', dataIndex: ['department', 'name'], ellipsis: true, render: (v: string | undefined) => v ?? '—' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (v: string) => (v === 'active' ? <Tag color="success">正常</Tag> : <Tag color="default">停用</Tag>),
  },
];
