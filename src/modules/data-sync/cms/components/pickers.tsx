import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { listDatasetOptions } from '@/modules/data-sources/api';
import { listTables } from '@/modules/data-tables/api';

interface PickerProps {
  value?: number;
  onChange?: (v: number) => void;
  /** Name of the saved choice, shown before (or without) the option list. */
  currentName?: string | null;
}

/** The options with the saved choice first when the list (a search, the first page) does not hold it. */
function withCurrent(options: { value: number; label: string }[], p: PickerProps) {
  if (p.value === undefined || options.some((o) => o.value === p.value)) return options;
  return [{ value: p.value, label: p.currentName ?? `#${p.value}` }, ...options];
}

/** A dataset of any data source, searched by name. */
export function DatasetPicker(props: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['data-sync', 'datasets', keyword],
    queryFn: () => listDatasetOptions({ keyword: keyword || undefined }).then((r) => r.data),
  });
  return (
    <Select
      aria-label="数据集"
      style={{ width: 360 }}
      placeholder="选择数据集"
      loading={q.isFetching}
      value={props.value}
      onChange={(v: number) => props.onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={withCurrent(
        (q.data ?? []).map((d) => ({ value: d.id, label: `${d.sourceName} / ${d.name}` })),
        props,
      )}
    />
  );
}

/** One of the platform's data tables, searched by name or code. */
export function TablePicker(props: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['data-sync', 'tables', keyword],
    queryFn: () => listTables({ keyword: keyword || undefined, page: 1, pageSize: 50 }).then((r) => r.data.list),
  });
  return (
    <Select
      aria-label="目标数据表"
      style={{ width: 360 }}
      placeholder="选择数据表"
      loading={q.isFetching}
      value={props.value}
      onChange={(v: number) => props.onChange?.(v)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={withCurrent(
        (q.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` })),
        props,
      )}
    />
  );
}
