import { useState } from 'react';
import { DatePicker } from 'antd-mobile';
import dayjs from 'dayjs';
import { RANGE_SEPARATOR } from '@/shared/forms/schema';
import { parseRange } from '@/shared/forms/values';
import { placeholderOf, type FieldInputProps } from '@/modules/forms/components/field-input-props';
import { PickerTrigger } from './picker-trigger';
import s from './mobile-form-renderer.module.css';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';
// The wheel's years: wide enough for birth dates and plans ahead.
const MIN = new Date(1900, 0, 1);
const MAX = new Date(2100, 11, 31, 23, 59, 59);
const SHAPE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

function toDate(v: unknown): Date | null {
  if (typeof v !== 'string' || !SHAPE.test(v.trim())) return null;
  const d = dayjs(v.trim());
  return d.isValid() ? d.toDate() : null;
}

function OneDate({
  id,
  value,
  withTime,
  placeholder,
  title,
  disabled,
  onPick,
  onClear,
}: {
  id: string;
  value: string;
  withTime: boolean;
  placeholder: string;
  title: string;
  disabled: boolean;
  onPick: (v: string) => void;
  onClear: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerTrigger
        id={id}
        text={toDate(value) ? value : ''}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={onClear}
      />
      <DatePicker
        visible={open}
        title={title}
        precision={withTime ? 'second' : 'day'}
        min={MIN}
        max={MAX}
        value={toDate(value) ?? new Date()}
        onClose={() => setOpen(false)}
        onConfirm={(d) => onPick(dayjs(d).format(withTime ? DATETIME : DATE))}
      />
    </>
  );
}

/** date 'YYYY-MM-DD' and datetime 'YYYY-MM-DD HH:mm:ss' on a wheel. */
export function MobileDateField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <OneDate
      id={id}
      value={typeof value === 'string' ? value : ''}
      withTime={field.type === 'datetime'}
      placeholder={placeholderOf(field, '请选择')}
      title={field.label}
      disabled={disabled}
      onPick={onChange}
      onClear={() => onChange('')}
    />
  );
}

/**
 * A date range as two wheels. The value is 'start至end' once both ends are picked; a lone end
 * waits here, so a half range is never stored.
 */
export function MobileDateRangeField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const [a, b] = typeof value === 'string' && value.includes(RANGE_SEPARATOR) ? parseRange(value) : ['', ''];
  const [pending, setPending] = useState<[string, string]>(['', '']);
  const start = a || pending[0];
  const end = b || pending[1];
  const set = (next: [string, string]) => {
    if (next[0] && next[1]) {
      setPending(['', '']);
      onChange(`${next[0]}${RANGE_SEPARATOR}${next[1]}`);
    } else {
      setPending(next);
      if (a || b) onChange('');
    }
  };
  return (
    <div className={s.range}>
      <OneDate
        id={id}
        value={start}
        withTime={false}
        placeholder="开始日期"
        title={`${field.label}：开始`}
        disabled={disabled}
        onPick={(v) => set([v, end])}
        onClear={() => set(['', end])}
      />
      <span className={s.rangeSep}>{RANGE_SEPARATOR}</span>
      <OneDate
        id={`${id}-end`}
        value={end}
        withTime={false}
        placeholder="结束日期"
        title={`${field.label}：结束`}
        disabled={disabled}
        onPick={(v) => set([start, v])}
        onClear={() => set([start, ''])}
      />
    </div>
  );
}
