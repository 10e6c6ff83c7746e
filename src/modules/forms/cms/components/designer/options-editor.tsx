import { Button, Select, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FORM_LIMITS, type CascaderOption, type FieldOption } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import s from './designer.module.css';

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A value not yet used: '4', '5', … */
function nextValue(taken: readonly { value: string }[]): string {
  const used = new Set(taken.map((o) => o.value));
  let n = taken.length + 1;
  while (used.has(String(n))) n++;
  return String(n);
}

/** Options of a choice field: label and stored value per row; add, remove, reorder. */
export function OptionsEditor({
  value,
  onChange,
}: {
  value: FieldOption[];
  onChange: (options: FieldOption[]) => void;
}) {
  const set = (i: number, patch: Partial<FieldOption>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const dupes = new Set(value.map((o) => o.value).filter((v, i, all) => all.indexOf(v) !== i));
  return (
    <div className={s.listEditor}>
      <div className={`${s.listRow} ${s.muted}`}>
        <span className={s.grow}>显示文字</span>
        <span style={{ width: 96 }}>选项值</span>
        <span style={{ width: 84 }} />
      </div>
      {value.map((o, i) => (
        <div key={i} className={s.listRow}>
          <TextInput
            className={s.grow}
            size="small"
            aria-label={`选项 ${i + 1} 文字`}
            value={o.label}
            maxLength={100}
            onChange={(e) => set(i, { label: e.target.value })}
            status={o.label.trim() ? undefined : 'error'}
          />
          <TextInput
            style={{ width: 96 }}
            size="small"
            aria-label={`选项 ${i + 1} 值`}
            value={o.value}
            maxLength={100}
            onChange={(e) => set(i, { value: e.target.value })}
            status={!o.value.trim() || dupes.has(o.value) ? 'error' : undefined}
          />
          <Tooltip title="上移">
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={`上移选项 ${i + 1}`}
              disabled={i === 0}
              onClick={() => onChange(move(value, i, i - 1))}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={`下移选项 ${i + 1}`}
              disabled={i === value.length - 1}
              onClick={() => onChange(move(value, i, i + 1))}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除选项 ${i + 1}`}
              disabled={value.length === 1}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          </Tooltip>
        </div>
      ))}
      {dupes.size > 0 && (
        <div className={s.muted} style={{ color: '#ff4d4f' }}>
          选项值不能重复
        </div>
      )}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={value.length >= FORM_LIMITS.options}
        onClick={() => {
          const v = nextValue(value);
          onChange([...value, { label: `选项${v}`, value: v }]);
        }}
      >
        添加选项
      </Button>
    </div>
  );
}

/** Cascader options as a flat list: each row names its parent option (empty = top level). */
export function CascaderOptionsEditor({
  value,
  onChange,
}: {
  value: CascaderOption[];
  onChange: (options: CascaderOption[]) => void;
}) {
  const set = (i: number, patch: Partial<CascaderOption>) => {
    const old = value[i]!;
    let next = value.map((o, j) => (j === i ? { ...o, ...patch } : o));
    // A renamed value carries its children along.
    if (patch.value !== undefined && patch.value !== old.value)
      next = next.map((o) => (o.parent === old.value ? { ...o, parent: patch.value } : o));
    onChange(next);
  };
  const remove = (i: number) => {
    const gone = value[i]!.value;
    // Children of a removed option move up to its parent.
    onChange(value.filter((_, j) => j !== i).map((o) => (o.parent === gone ? { ...o, parent: value[i]!.parent } : o)));
  };
  const path = (o: CascaderOption): string => {
    const names: string[] = [];
    let cur: CascaderOption | undefined = o;
    const seen = new Set<string>();
    while (cur && !seen.has(cur.value)) {
      seen.add(cur.value);
      names.unshift(cur.label);
      cur = cur.parent ? value.find((x) => x.value === cur!.parent) : undefined;
    }
    return names.join(' / ');
  };
  const dupes = new Set(value.map((o) => o.value).filter((v, i, all) => all.indexOf(v) !== i));
  return (
    <div className={s.listEditor}>
      {value.map((o, i) => (
        <div key={i} className={s.listEditor} style={{ paddingBottom: 6, borderBottom: '1px dashed #f0f0f0' }}>
          <div className={s.listRow}>
            <TextInput
              className={s.grow}
              size="small"
              aria-label={`级联选项 ${i + 1} 文字`}
              value={o.label}
              maxLength={100}
              onChange={(e) => set(i, { label: e.target.value })}
              status={o.label.trim() ? undefined : 'error'}
            />
            <TextInput
              style={{ width: 84 }}
              size="small"
              aria-label={`级联选项 ${i + 1} 值`}
              value={o.value}
              maxLength={100}
              onChange={(e) => set(i, { value: e.target.value })}
              status={!o.value.trim() || dupes.has(o.value) ? 'error' : undefined}
            />
            <Tooltip title="删除">
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除级联选项 ${i + 1}`}
                disabled={value.length === 1}
                onClick={() => remove(i)}
              />
            </Tooltip>
          </div>
          <div className={s.listRow}>
            <span className={s.muted}>上级</span>
            <Select
              className={s.grow}
              size="small"
              aria-label={`级联选项 ${i + 1} 上级`}
              value={o.parent ?? ''}
              onChange={(p: string) => set(i, { parent: p || undefined })}
              showSearch={{ optionFilterProp: 'label' }}
              // An option cannot sit under itself.
              options={[
                { value: '', label: '（顶级）' },
                ...value.filter((x) => x.value !== o.value).map((x) => ({ value: x.value, label: path(x) })),
              ]}
            />
          </div>
        </div>
      ))}
      {dupes.size > 0 && (
        <div className={s.muted} style={{ color: '#ff4d4f' }}>
          选项值不能重复
        </div>
      )}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => {
          const v = nextValue(value);
          onChange([...value, { label: `选项${v}`, value: v }]);
        }}
      >
        添加选项
      </Button>
    </div>
  );
}
