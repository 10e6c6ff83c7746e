import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, CheckList, DotLoading, Popup } from 'antd-mobile';
import { MobileSearchBar } from '@/core/ui/mobile-text-input';
import type { PickedRef } from '@/shared/forms/schema';
import { asPicked, loadDepartments, useUserSearch } from '@/modules/forms/components/picker-data';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import type { PickableDepartment } from '@/modules/forms/contract';
import { PickerTrigger } from './picker-trigger';
import s from './mobile-form-renderer.module.css';

export const SIGN_IN_TO_PICK = '登录后可选择';

const names = (refs: PickedRef[]) => refs.map((r) => r.name).join('、');

function Sheet({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName={s.sheet} destroyOnClose>
      <div className={s.sheetHeader}>
        <span className={s.sheetTitle}>{title}</span>
        <Button size="small" color="primary" fill="none" onClick={onClose}>
          完成
        </Button>
      </div>
      {children}
    </Popup>
  );
}

/** Toggle one ref in a list (single pickers keep the newest one). */
function toggle(list: PickedRef[], ref: PickedRef, multiple: boolean): PickedRef[] {
  if (list.some((p) => p.id === ref.id)) return list.filter((p) => p.id !== ref.id);
  return multiple ? [...list, ref] : [ref];
}

/** User picker: search by name or number in a bottom sheet. */
export function MobileUserField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const { pickers } = useRenderer();
  const picked = asPicked(value);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const { options, loading, search } = useUserSearch(pickers, field.id);
  const multiple = !!field.multiple;
  return (
    <>
      <PickerTrigger
        id={id}
        text={names(picked)}
        placeholder={pickers ? field.placeholder || '选择人员' : SIGN_IN_TO_PICK}
        disabled={disabled || !pickers}
        onOpen={() => setOpen(true)}
        onClear={() => onChange([])}
      />
      <Sheet title={field.label} open={open} onClose={() => setOpen(false)}>
        <div className={s.sheetSearch}>
          <MobileSearchBar
            placeholder="输入姓名或工号"
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              search(v);
            }}
          />
        </div>
        <div className={s.sheetBody}>
          {picked.length > 0 && <div className={s.sheetNote}>已选：{names(picked)}</div>}
          {loading ? (
            <div className={s.sheetNote}>
              <DotLoading />
            </div>
          ) : (
            <CheckList multiple value={picked.map((p) => p.id)}>
              {options.map((u) => (
                <CheckList.Item
                  key={u.id}
                  value={u.id}
                  description={u.department}
                  onClick={() => onChange(toggle(picked, { id: u.id, name: u.name }, multiple))}
                >
                  {u.name}
                </CheckList.Item>
              ))}
            </CheckList>
          )}
          {!loading && !options.length && (
            <div className={s.sheetNote}>{keyword.trim() ? '没有匹配的人员' : '输入姓名或工号搜索'}</div>
          )}
        </div>
      </Sheet>
    </>
  );
}

/** Department picker: the organisation's departments with their path, filtered as typed. */
export function MobileDepartmentField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const { pickers } = useRenderer();
  const picked = asPicked(value);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [list, setList] = useState<PickableDepartment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  useEffect(() => {
    if (open && pickers && !list)
      loadDepartments(pickers).then(
        (l) => alive.current && setList(l),
        () => alive.current && setFailed(true),
      );
  }, [open, pickers, list]);

  // "学院 / 系" paths, so two departments of the same name can be told apart.
  const rows = useMemo(() => {
    const byId = new Map((list ?? []).map((d) => [d.id, d]));
    const path = (d: PickableDepartment) => {
      const parts: string[] = [];
      const seen = new Set<number>();
      for (
        let c: PickableDepartment | undefined = d;
        c && !seen.has(c.id);
        c = c.parentId === null ? undefined : byId.get(c.parentId)
      ) {
        seen.add(c.id);
        parts.unshift(c.name);
      }
      return parts.join(' / ');
    };
    return (list ?? []).map((d) => ({ id: d.id, name: d.name, path: path(d) }));
  }, [list]);
  const k = keyword.trim();
  const shown = k ? rows.filter((r) => r.path.includes(k)) : rows;
  const multiple = !!field.multiple;
  return (
    <>
      <PickerTrigger
        id={id}
        text={names(picked)}
        placeholder={pickers ? field.placeholder || '选择部门' : SIGN_IN_TO_PICK}
        disabled={disabled || !pickers}
        onOpen={() => setOpen(true)}
        onClear={() => onChange([])}
      />
      <Sheet title={field.label} open={open} onClose={() => setOpen(false)}>
        <div className={s.sheetSearch}>
          <MobileSearchBar placeholder="搜索部门" value={keyword} onChange={setKeyword} />
        </div>
        <div className={s.sheetBody}>
          {failed ? (
            <div className={s.sheetNote}>部门加载失败，请稍后重试</div>
          ) : !list ? (
            <div className={s.sheetNote}>
              <DotLoading />
            </div>
          ) : (
            <CheckList multiple value={picked.map((p) => p.id)}>
              {shown.slice(0, 200).map((d) => (
                <CheckList.Item
                  key={d.id}
                  value={d.id}
                  description={d.path !== d.name ? d.path : undefined}
                  onClick={() => onChange(toggle(picked, { id: d.id, name: d.name }, multiple))}
                >
                  {d.name}
                </CheckList.Item>
              ))}
            </CheckList>
          )}
          {list && shown.length > 200 && <div className={s.sheetNote}>仅显示前 200 个，请输入关键词缩小范围</div>}
          {list && !shown.length && <div className={s.sheetNote}>没有匹配的部门</div>}
        </div>
      </Sheet>
    </>
  );
}
