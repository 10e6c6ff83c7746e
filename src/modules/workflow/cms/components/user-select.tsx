import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserList } from '@/modules/workflow/api';
import type { UserPick } from '@/modules/organization/contract';

export interface Person {
  id: number;
  name: string;
}

/** How a person reads in every picker: 姓名（学工号）, a disabled account marked as such. */
export const personLabel = (u: UserPick) =>
  `${u.realName || u.username}（${u.userNo || u.username}）${u.status === 'active' ? '' : ' · 已停用'}`;

/** The user list answers at most this many ids in one call (organization contract). */
const IDS_MAX = 100;

/**
 * People searched by name or number (20 at a time, active accounts only). Chosen ids whose
 * names are not known yet (`known`, or picked in this session) are named by one `ids` call,
 * so a saved choice reads 姓名（学工号） after a reload; an id the server no longer has shows
 * as 用户 #id.
 */
export function UserSelect({
  value,
  onChange,
  multiple,
  known = [],
  placeholder = '输入姓名或学工号搜索',
  'aria-label': label,
  max = 50,
  disabled,
}: {
  /** `people`: the chosen ones whose names are known (an unnamed id is left out). */
  value?: number | number[];
  onChange?: (v: number | number[] | undefined, people: Person[]) => void;
  multiple?: boolean;
  known?: Person[];
  placeholder?: string;
  'aria-label'?: string;
  max?: number;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  // Names seen when the value last changed (null: asked, and the server has no such person),
  // so removing one or searching does not ask again for the others.
  const [learned, setLearned] = useState<ReadonlyMap<number, string | null>>(() => new Map());
  const q = useQuery({
    queryKey: ['workflow', 'users', keyword],
    queryFn: () =>
      getUserList({ ...(keyword.trim() ? { keyword: keyword.trim() } : {}), page: 1, pageSize: 20 }).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
    enabled: opened,
  });
  const ids = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const people = new Map<number, string>();
  for (const [id, name] of learned) if (name !== null) people.set(id, name);
  for (const p of known) people.set(p.id, p.name);
  const unnamed = [...new Set(ids.filter((id) => !people.has(id) && !learned.has(id)))]
    .sort((a, b) => a - b)
    .slice(0, IDS_MAX);
  const named = useQuery({
    queryKey: ['workflow', 'users', 'byId', unnamed],
    queryFn: () => getUserList({ ids: unnamed, page: 1, pageSize: unnamed.length }).then((r) => r.data.list),
    enabled: unnamed.length > 0,
    staleTime: 5 * 60_000,
  });
  for (const u of named.data ?? []) if (!people.has(u.id)) people.set(u.id, personLabel(u));
  for (const u of q.data?.list ?? []) if (u.status === 'active' && !people.has(u.id)) people.set(u.id, personLabel(u));
  const naming = named.isPending && unnamed.length > 0;
  const options = [...people].map(([id, name]) => ({ value: id, label: name }));
  for (const id of ids) if (!people.has(id)) options.push({ value: id, label: naming ? '加载中…' : `用户 #${id}` });
  return (
    <Select<number | number[]>
      style={{ width: '100%' }}
      aria-label={label}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={q.isFetching || naming}
      placeholder={placeholder}
      value={value}
      onOpenChange={(o) => {
        if (o) setOpened(true);
      }}
      onChange={(v) => {
        const picked = (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((id) => {
          const name = people.get(id);
          return name ? [{ id, name }] : [];
        });
        const absent = named.isSuccess ? unnamed.filter((id) => !people.has(id)) : [];
        setLearned(
          new Map([
            ...learned,
            ...picked.map((p) => [p.id, p.name] as const),
            ...absent.map((id) => [id, null] as const),
          ]),
        );
        onChange?.(v ?? undefined, picked);
      }}
      options={options}
      maxCount={multiple ? max : undefined}
      notFoundContent={q.isFetching ? '加载中…' : '没有匹配的人员'}
    />
  );
}
