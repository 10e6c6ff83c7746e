import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { searchPeople } from '../../api';
import type { PersonOption } from '../../contract';

const label = (p: PersonOption) => `${p.name}（${p.userNo}${p.department ? ` · ${p.department}` : ''}）`;

/** People by name or 学工号 (20 at most a search); chosen ids keep their names. */
export function PersonSelect(props: {
  value?: number[] | number;
  onChange?: (v: never) => void;
  multiple?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const { value, onChange, multiple } = props;
  const [known, setKnown] = useState<Map<number, PersonOption>>(new Map());
  const [found, setFound] = useState<PersonOption[]>([]);
  const [loading, setLoading] = useState(false);
  const ids = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const missing = ids.filter((id) => !known.has(id));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    void searchPeople({ ids: missingKey }).then((r) =>
      setKnown((m) => new Map([...m, ...r.data.map((p) => [p.id, p] as const)])),
    );
  }, [missingKey]);
  const search = (k: string) => {
    if (!k.trim()) return setFound([]);
    setLoading(true);
    void searchPeople({ keyword: k.trim() })
      .then((r) => {
        setFound(r.data);
        setKnown((m) => new Map([...m, ...r.data.map((p) => [p.id, p] as const)]));
      })
      .finally(() => setLoading(false));
  };
  const options = [
    ...new Map([...ids.map((id) => [id, known.get(id)] as const), ...found.map((p) => [p.id, p] as const)]),
  ].map(([id, p]) => ({ value: id, label: p ? label(p) : `用户 #${id}` }));
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      onSearch={search}
      notFoundContent={loading ? <Spin size="small" /> : '输入姓名或学工号搜索'}
      options={options}
      value={value as never}
      onChange={onChange as never}
      placeholder={props.placeholder ?? '输入姓名或学工号搜索'}
      aria-label={props['aria-label']}
      style={{ width: '100%' }}
    />
  );
}
