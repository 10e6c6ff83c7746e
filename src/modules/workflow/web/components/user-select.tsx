import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { pickUsers } from '@/modules/workflow/api';
import type { PickContext } from '@/modules/organization/contract';

interface Option {
  value: number;
  label: string;
}

interface Props {
  /** Where it picks (the caller's task and why): the server offers only who that allows. */
  context: PickContext;
  mode?: 'multiple';
  value?: number | number[];
  onChange?: (v: number | number[] | undefined) => void;
  placeholder?: string;
  id?: string;
}

/** A person by name or 学号/工号, searched on the server (20 at most, within the context) as the user types. */
export function UserSelect({ context, mode, value, onChange, placeholder = '输入姓名或工号搜索', id }: Props) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    const k = keyword.trim();
    if (!k) return;
    timer.current = setTimeout(() => {
      // Only the newest search's answer is shown.
      const mine = ++seq.current;
      setLoading(true);
      pickUsers(context, k)
        .then((r) => {
          if (mine !== seq.current) return;
          setOptions(r.data.map((u) => ({ value: u.id, label: [u.name, u.department].filter(Boolean).join(' · ') })));
        })
        .catch(() => undefined)
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    }, 250);
  };

  return (
    <Select<number | number[]>
      id={id}
      mode={mode}
      showSearch={{ filterOption: false, onSearch: search }}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : '输入后搜索'}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
