import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUserList } from '@/modules/organization/api';

interface Person {
  id: number;
  realName: string;
  userNo: string;
}

/**
 * 部门负责人: people searched by name or number (20 at a time from the server); the current leaders
 * stay among the options so their names show. The order picked is the order the workflow asks them.
 */
export function LeaderSelect({
  id,
  value,
  onChange,
  current,
}: {
  /** From Form.Item: the field's label points at it. */
  id?: string;
  value?: number[];
  onChange?: (v: number[]) => void;
  current: Person[];
}) {
  const [keyword, setKeyword] = useState('');
  // People are asked for once the list is first opened, not for every department shown.
  const [opened, setOpened] = useState(false);
  const q = useQuery({
    queryKey: ['organization', 'users', { keyword, page: 1, pageSize: 20, purpose: 'leaders' }],
    queryFn: () =>
      getUserList({ ...(keyword.trim() ? { keyword: keyword.trim() } : {}), page: 1, pageSize: 20 }).then(
        (r) => r.data,
      ),
    placeholderData: keepPreviousData,
    enabled: opened,
  });
  const people = new Map<number, Person>(current.map((p) => [p.id, p]));
  for (const u of q.data?.list ?? [])
    if (u.status === 'active' && !people.has(u.id))
      people.set(u.id, { id: u.id, realName: u.realName, userNo: u.userNo });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={q.isFetching}
      placeholder="输入姓名或学工号搜索"
      value={value}
      onChange={onChange}
      onOpenChange={(o) => {
        if (o) setOpened(true);
      }}
      options={[...people.values()].map((p) => ({ value: p.id, label: `${p.realName}（${p.userNo}）` }))}
      maxCount={20}
    />
  );
}
