import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserList } from '../../api';

export interface Person { id: number; name: string }

/**
 * People searched by name or number (20 at a time, active accounts only). `known` names people
 * already chosen: the user list cannot be asked by id, so ids not found show as 用户 #id.
 */
export function UserSelect({ value, onChange, multiple, known = [], placeholder = '输入姓名或学工号搜索', 'aria-label': label, max = 50, disabled }: {
  value?: number | number[]; onChange?: (v: number | number[] | undefined, people: Person[]) => void; multiple?: boolean; known?: Person[];
  placeholder?: string; 'aria-label'?: string; max?: number; disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  const q = useQuery({
    queryKey: ['workflow', 'users', keyword],
    queryFn: () => getUserList({ ...(keyword.trim() ? { keyword: keyword.trim() } : {}), page: 1, pageSize: 20 }).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled: opened,
  });
  const people = new Map<number, string>(known.map((p) => [p.id, p.name]));
  for (const u of q.data?.list ?? []) if (u.status === 'active') people.set(u.id, `${u.realName || u.username}（${u.userNo || u.username}）`);
  const ids = value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const id of ids) if (!people.has(id)) people.set(id, `用户 #${id}`);
  const chosen = (v: number | number[] | undefined): Person[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((id) => ({ id, name: people.get(id) ?? `用户 #${id}` }));
  return (
    <Select<number | number[]>
      style={{ width: '100%' }}
      aria-label={label}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={q.isFetching}
      placeholder={placeholder}
      value={value}
      onOpenChange={(o) => { if (o) setOpened(true); }}
      onChange={(v) => onChange?.(v ?? undefined, chosen(v ?? undefined))}
      options={[...people].map(([id, name]) => ({ value: id, label: name }))}
      maxCount={multiple ? max : undefined}
      notFoundContent={q.isFetching ? '加载中…' : '没有匹配的人员'}
    />
  );
}
