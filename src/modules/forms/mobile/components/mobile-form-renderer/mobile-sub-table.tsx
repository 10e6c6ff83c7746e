import { useMemo } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { FORM_LIMITS, type FormField } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import { subTableSums } from '@/shared/forms/validate';
import { cellMessage, rowMessage } from '@/modules/forms/components/field-errors';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import { asRows, formatSum } from '@/modules/forms/components/sub-table-rows';
import { useMinRows } from '@/modules/forms/components/use-min-rows';
import { MOBILE_FIELD_INPUTS } from './mobile-field-inputs';
import { MobileReadOnlyValue } from './mobile-read-only';
import s from './mobile-form-renderer.module.css';

interface Props extends FieldInputProps<FormField> {
  errors: readonly FieldError[];
  readOnly: boolean;
}

/** A sub-table on a phone: one card per row (a table would scroll sideways), sums under the cards. */
export function MobileSubTable({ field, value, onChange, disabled, id, errors, readOnly }: Props) {
  const rows = asRows(value);
  const columns = field.columns ?? [];
  const min = field.minRows ?? 0;
  const max = field.maxRows ?? FORM_LIMITS.subTableRows;
  const sums = useMemo(() => (field.sumColumns?.length ? subTableSums(field, rows) : null), [field, rows]);
  useMinRows(rows, min, !readOnly && !disabled, onChange);
  const setCell = (row: number, col: string, v: unknown) =>
    onChange(rows.map((r, i) => (i === row ? { ...r, [col]: v } : r)));

  return (
    <div id={id} className={s.subTable}>
      {rows.length === 0 && <div className={s.hint}>{readOnly ? '无数据' : '暂无数据，点击“添加一行”'}</div>}
      {rows.map((row, i) => (
        <div key={i} className={s.rowCard}>
          <div className={s.rowHead}>
            <span>第 {i + 1} 行</span>
            {!readOnly && (
              <Button
                size="mini"
                fill="none"
                color="danger"
                disabled={disabled || rows.length <= min}
                className={s.touch}
                onClick={() =>
                  void Dialog.confirm({
                    content: `删除第 ${i + 1} 行？`,
                    onConfirm: () => onChange(rows.filter((_, j) => j !== i)),
                  })
                }
              >
                删除
              </Button>
            )}
          </div>
          {rowMessage(errors, i) && (
            <div className={s.error} role="alert">
              {rowMessage(errors, i)}
            </div>
          )}
          {columns.map((c) => {
            const Input = MOBILE_FIELD_INPUTS[c.type];
            const message = cellMessage(errors, i, c.id);
            return (
              <div key={c.id} className={s.rowField}>
                <div className={s.rowLabel}>
                  {c.required && !readOnly && <span className={s.star}>*</span>}
                  {c.label}
                </div>
                {readOnly || !Input ? (
                  <MobileReadOnlyValue field={c} value={row[c.id]} />
                ) : (
                  <Input
                    field={c}
                    value={row[c.id]}
                    onChange={(v) => setCell(i, c.id, v)}
                    disabled={disabled || !!c.readOnly}
                    id={`${id}-${i}-${c.id}`}
                    invalid={!!message}
                    compact
                  />
                )}
                {message && (
                  <div className={s.error} role="alert">
                    {message}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      ))}
      {sums && (
        <div className={s.sums}>
          合计：
          {columns
            .filter((c) => field.sumColumns?.includes(c.id))
            .map((c) => `${c.label} ${formatSum(c, sums[c.id])}`)
            .join('；')}
        </div>
      )}
      {!readOnly && (
        <Button
          block
          fill="outline"
          color="primary"
          className={s.touch}
          disabled={disabled || rows.length >= max}
          onClick={() => onChange([...rows, {}])}
        >
          <AddOutline /> 添加一行
        </Button>
      )}
      {!readOnly && (min > 0 || field.maxRows) && (
        <div className={s.hint}>
          {[min > 0 ? `至少 ${min} 行` : '', field.maxRows ? `最多 ${max} 行` : ''].filter(Boolean).join('，')}
        </div>
      )}
    </div>
  );
}
