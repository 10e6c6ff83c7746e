import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getDepartmentTree } from '@/modules/organization/api';
import type { DepartmentTree } from '@/modules/organization/contract';

interface Option {
  value: number;
  title: string;
  children: Option[];
}

const toOptions = (nodes: readonly DepartmentTree[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children) }));

/** Pick one department from the whole tree, searchable by name. */
export function DepartmentSelect({
  value,
  onChange,
  placeholder = '请选择部门',
}: {
  value?: number;
  onChange?: (v: number) => void;
  placeholder?: string;
}) {
  const q = useQuery({ queryKey: ['organization', 'tree'], queryFn: () => getDepartmentTree().then((r) => r.data) });
  return (
    <TreeSelect
      showSearch
      treeNodeFilterProp="title"
      allowClear={false}
      loading={q.isPending}
      placeholder={placeholder}
      treeData={toOptions(q.data ?? [])}
      value={value}
      onChange={onChange}
      treeDefaultExpandedKeys={q.data?.map((r) => r.id)}
      style={{ width: '100%' }}
      popupMatchSelectWidth
    />
  );
}
