import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { getUserList } from '@/modules/organization/api';

/** The sync's owner (who is alerted after repeated failures): staff and administrators by name or 工号. */
export function OwnerSelect(props: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  currentName?: string | null;
}) {
  const [keyword, setKeyword] = useState('');
  const people = useQuery({
    queryKey: ['data-sync', 'owners', keyword],
    queryFn: () => getUserList({ keyword: keyword || undefined, page: 1, pageSize: 20 }).then((r) => r.data.list),
  });
  const options = (people.data ?? [])
    .filter((u) => u.kind !== 'student')
    .map((u) => ({ value: u.id, label: `${u.realName}（${u.userNo || u.username}）` }));
  if (props.value && props.currentName && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.currentName });
  return (
    <Select
      aria-label="负责人"
      allowClear
      placeholder="未指定时告警发给管理员"
      style={{ width: 360 }}
      loading={people.isFetching}
      value={props.value ?? undefined}
      onChange={(v?: number) => props.onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={options}
    />
  );
}
