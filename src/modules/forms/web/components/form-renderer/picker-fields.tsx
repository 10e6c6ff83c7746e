import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin, TreeSelect } from 'antd';
import type { PickedRef } from '@/shared/forms/schema';
import { departmentTree } from '@/modules/forms/components/option-trees';
import { asPicked, loadDepartments, useUserSearch } from '@/modules/forms/components/picker-data';
import type { PickableDepartment } from '@/modules/forms/contract';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

export const SIGN_IN_TO_PICK = '登录后可选择';

/** User picker: type a name or number, pick from the server's matches (debounced). */
export function UserField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  const { pickers } = useRenderer();
  const picked = asPicked(value);
  const { options, loading, search } = useUserSearch(pickers, field.id);
  const multiple = !!field.multiple;
  // Picked users keep their names even when the current search no longer lists them.
  const known = useMemo(() => {
    const m = new Map<number, string>(picked.map((p) => [p.id, p.name]));
    for (const u of options) m.set(u.id, u.name);
    return m;
  }, [picked, options]);

  const toRefs = (ids: number[]): PickedRef[] => ids.map((i) => ({ id: i, name: known.get(i) ?? String(i) }));
  return (
    <Select<number | number[]>
      id={id}
      className={s.full}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? picked.map((p) => p.id) : picked[0]?.id}
      disabled={disabled || !pickers}
      status={invalid ? 'error' : undefined}
      placeholder={pickers ? field.placeholder || '输入姓名或工号搜索' : SIGN_IN_TO_PICK}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={loading ? <Spin size="small" /> : '输入姓名或工号搜索'}
      options={[
        ...picked.filter((p) => !options.some((u) => u.id === p.id)).map((p) => ({ value: p.id, label: p.name })),
        ...options.map((u) => ({
          value: u.id,
          label: u.department ? `${u.name}（${u.department}）` : u.name,
        })),
      ]}
      labelRender={({ value: v }) => known.get(Number(v)) ?? String(v)}
      onChange={(v) => onChange(toRefs(v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]))}
    />
  );
}

/** Department picker: the organisation tree, loaded once per form. */
export function DepartmentField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  const { pickers } = useRenderer();
  const picked = asPicked(value);
  const [list, setList] = useState<PickableDepartment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const load = () => {
    if (!pickers || list) return;
    loadDepartments(pickers).then(
      (l) => alive.current && setList(l),
      () => alive.current && setFailed(true),
    );
  };
  // Fields that already hold a value load at once so the tree shows the picked names' places.
  useEffect(() => {
    if (picked.length) load();
  });

  const tree = useMemo(() => (list ? departmentTree(list) : []), [list]);
  const names = useMemo(() => new Map((list ?? []).map((d) => [d.id, d.name])), [list]);
  const multiple = !!field.multiple;
  const toRefs = (ids: number[]): PickedRef[] =>
    ids.map((i) => ({ id: i, name: names.get(i) ?? picked.find((p) => p.id === i)?.name ?? String(i) }));
  return (
    <TreeSelect<number | number[]>
      id={id}
      className={s.full}
      multiple={multiple}
      treeData={tree.length ? tree : picked.map((p) => ({ title: p.name, value: p.id }))}
      value={multiple ? picked.map((p) => p.id) : picked[0]?.id}
      disabled={disabled || !pickers}
      status={invalid ? 'error' : undefined}
      placeholder={pickers ? field.placeholder || '请选择部门' : SIGN_IN_TO_PICK}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll={false}
      notFoundContent={failed ? '部门加载失败' : list ? '无匹配部门' : <Spin size="small" />}
      onOpenChange={(open) => open && load()}
      onFocus={load}
      onChange={(v) => onChange(toRefs(v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]))}
    />
  );
}
