import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RANGE_SEPARATOR } from '@/shared/forms/schema';
import { placeholderOf, type FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const SHAPE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** A stored date string as a picker value; anything else (a bad import, old draft) shows empty. */
function parse(v: unknown): Dayjs | null {
  if (typeof v !== 'string' || !SHAPE.test(v.trim())) return null;
  const d = dayjs(v.trim());
  return d.isValid() ? d : null;
}

/** date 'YYYY-MM-DD' and datetime 'YYYY-MM-DD HH:mm:ss', as the schema stores them. */
export function DateField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  const withTime = field.type === 'datetime';
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  return (
    <DatePicker
      id={id}
      className={s.full}
      value={parse(value)}
      showTime={withTime}
      format={format}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholderOf(field, '请选择')}
      onChange={(d) => onChange(d ? d.format(format) : '')}
    />
  );
}

/** A date range: stored and compared as 'start至end' (spec section 5). */
export function DateRangeField({ value, onChange, disabled, id, invalid }: FieldInputProps) {
  const [a, b] = typeof value === 'string' && value.includes(RANGE_SEPARATOR) ? value.split(RANGE_SEPARATOR) : ['', ''];
  const start = parse(a);
  const end = parse(b);
  return (
    <DatePicker.RangePicker
      id={{ start: id, end: `${id}-end` }}
      className={s.full}
      value={start && end ? [start, end] : null}
      format={DATE_FORMAT}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={['开始日期', '结束日期']}
      onChange={(range) =>
        onChange(
          range?.[0] && range[1]
            ? `${range[0].format(DATE_FORMAT)}${RANGE_SEPARATOR}${range[1].format(DATE_FORMAT)}`
            : '',
        )
      }
    />
  );
}
