import { Typography } from 'antd';
import type { ChangeItem, DataTableField } from '../../contract';
import { cellText } from './cell-text';

/** The fields a change touched: "标签：前 → 后" (inserts and deletes list their values). */
export function ChangeDiff({ change, fields }: { change: ChangeItem; fields: DataTableField[] }) {
  const { before, after } = change;
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const type = (name: string) => fields.find((f) => f.name === name) ?? { type: 'string' as const };
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines = names
    .filter((n) => !before || !after || JSON.stringify(before[n] ?? null) !== JSON.stringify(after[n] ?? null))
    .filter((n) => (before ? before[n] !== null : true) || (after ? after[n] !== null : true))
    .map((n) => {
      const b = before ? cellText(type(n), before[n]) : null;
      const a = after ? cellText(type(n), after[n]) : null;
      return (
        <div key={n}>
          <Typography.Text strong>{label(n)}</Typography.Text>：{b !== null && a !== null ? `${b} → ${a}` : (a ?? b)}
        </div>
      );
    });
  return <>{lines.length ? lines : '—'}</>;
}
