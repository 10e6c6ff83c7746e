import { Button, Dialog } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { cellMessage, rowMessage } from '@/modules/forms/components/field-errors';
import { useSubTableRows } from '@/modules/forms/components/sub-table-rows';
import type { SubTableProps } from '@/modules/forms/components/field-frame';
import { MOBILE_FIELD_INPUTS } from './mobile-field-inputs';
import { MobileReadOnlyValue } from './mobile-read-only';
import s from './mobile-form-renderer.module.css';

/** A sub-table on a phone: one card per row (a table would scroll sideways), sums under the cards; the rows' logic is useSubTableRows. */
export function MobileSubTable({ field, value, onChange, disabled, id, errors, readOnly }: SubTableProps) {
  const t = useSubTableRows({ field, value, onChange, disabled, readOnly });
  const { rows, columns } = t;

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
                disabled={!t.canRemove}
                className={s.touch}
                onClick={() =>
                  void Dialog.confirm({ content: `删除第 ${i + 1} 行？`, onConfirm: () => t.removeRow(i) })
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
                    onChange={(v) => t.setCell(i, c.id, v)}
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
      {t.hasSums && (
        <div className={s.sums}>
          合计：
          {columns
            .filter((c) => t.sumText(c) !== null)
            .map((c) => `${c.label} ${t.sumText(c)}`)
            .join('；')}
        </div>
      )}
      {!readOnly && (
        <Button block fill="outline" color="primary" className={s.touch} disabled={!t.canAdd} onClick={t.addRow}>
          <AddOutline /> 添加一行
        </Button>
      )}
      {!readOnly && t.limitsText && <div className={s.hint}>{t.limitsText}</div>}
    </div>
  );
}
