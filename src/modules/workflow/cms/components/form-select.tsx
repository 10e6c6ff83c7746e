import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listForms } from '@/modules/workflow/api';

/** A form searched by name on the server (20 at a time); `known` keeps the chosen form's name shown. */
export function FormSelect({
  value,
  onChange,
  known,
  placeholder = '选择表单',
  className,
  'aria-label': label,
  allowClear,
}: {
  value?: number;
  onChange?: (id?: number) => void;
  known?: { id: number; name: string };
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
  allowClear?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['workflow', 'forms', keyword],
    queryFn: () =>
      listForms({ page: 1, pageSize: 20, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const options = new Map<number, string>();
  if (known) options.set(known.id, known.name);
  for (const f of q.data?.list ?? []) options.set(f.id, f.status === 'draft' ? `${f.name}（草稿）` : f.name);
  return (
    <Select
      className={className}
      aria-label={label}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={q.isFetching}
      placeholder={placeholder}
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      options={[...options].map(([id, name]) => ({ value: id, label: name }))}
      notFoundContent={q.isFetching ? '加载中…' : '没有匹配的表单'}
    />
  );
}
