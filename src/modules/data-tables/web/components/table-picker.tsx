import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { listVisibleTables } from '../../api';

/** One of the tables the caller may browse, searched by name or code. */
export function VisibleTablePicker({ value, onChange }: { value?: number; onChange: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['data-tables', 'visible', keyword],
    queryFn: () => listVisibleTables({ keyword: keyword || undefined, page: 1, pageSize: 50 }).then((r) => r.data.list),
  });
  return (
    <Select
      aria-label="选择数据表"
      style={{ width: 360 }}
      placeholder="选择数据表"
      loading={q.isFetching}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={(q.data ?? []).map((t) => ({
        value: t.id,
        label: `${t.name}${t.ownerDepartmentName ? `（${t.ownerDepartmentName}）` : ''}`,
      }))}
    />
  );
}
