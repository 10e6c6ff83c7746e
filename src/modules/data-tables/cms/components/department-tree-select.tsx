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

/** The owning department, picked from the organisation tree (searchable); empty = no owner. */
export function DepartmentTreeSelect({
  value,
  onChange,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const q = useQuery({ queryKey: ['organization', 'tree'], queryFn: () => getDepartmentTree().then((r) => r.data) });
  return (
    <TreeSelect
      aria-label="负责部门"
      showSearch
      treeNodeFilterProp="title"
      allowClear
      loading={q.isPending}
      placeholder="选择负责部门"
      treeData={toOptions(q.data ?? [])}
      value={value ?? undefined}
      onChange={(v?: number) => onChange?.(v ?? null)}
      treeDefaultExpandedKeys={q.data?.map((r) => r.id)}
      style={{ width: '100%' }}
    />
  );
}
