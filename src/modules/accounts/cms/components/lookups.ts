import { useQuery } from '@tanstack/react-query';
import { getAllRoleGroups, getDepartmentTree } from '@/modules/organization/api';
import type { DepartmentTree } from '@/modules/organization/contract';
import { listPlatforms } from '@/modules/platform-config/api';

export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toTree = (nodes: readonly DepartmentTree[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** The department tree as TreeSelect data. */
export function useDepartmentOptions() {
  const q = useQuery({ queryKey: ['accounts', 'departments'], queryFn: () => getDepartmentTree().then((r) => r.data) });
  return { options: toTree(q.data ?? []), loading: q.isPending, rootKeys: (q.data ?? []).map((n) => n.id) };
}

/** Roles grouped by role group, as Select options. */
export function useRoleOptions() {
  const q = useQuery({ queryKey: ['accounts', 'role-groups'], queryFn: () => getAllRoleGroups().then((r) => r.data) });
  const options = (q.data ?? []).map((g) => ({
    label: g.name,
    title: g.name,
    options: g.roles.map((r) => ({ label: r.name, value: r.id })),
  }));
  return { options, loading: q.isPending };
}

/** Every platform, as Select options (a disabled platform is marked). */
export function usePlatformOptions() {
  const q = useQuery({ queryKey: ['accounts', 'platforms'], queryFn: () => listPlatforms().then((r) => r.data) });
  const list = Array.isArray(q.data) ? q.data : [];
  return {
    options: list.map((p) => ({ label: p.status === 'disabled' ? `${p.name}（已停用）` : p.name, value: p.id })),
    loading: q.isPending,
  };
}
