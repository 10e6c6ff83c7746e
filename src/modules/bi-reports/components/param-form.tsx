import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import { getParamOptions } from '../api';
import type { ParamValue, ReportViewDetail } from '../contract';

type Param = ReportViewDetail['params'][number];

/** The values a report opens with: each parameter's default. */
export const defaultParams = (params: Param[]): Record<string, ParamValue> =>
  Object.fromEntries(params.map((p) => [p.name, p.defaultValue]));

const TEMPORAL = new Set(['date', 'datetime']);

function RangeInput({ p, value, onChange }: { p: Param; value: ParamValue; onChange: (v: ParamValue) => void }) {
  const [from = '', to = ''] = Array.isArray(value) ? value : [];
  if (TEMPORAL.has(p.fieldType))
    return (
      <DatePicker.RangePicker
        aria-label={p.label}
        allowEmpty={[true, true]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(d) => onChange([d?.[0]?.format('YYYY-MM-DD') ?? '', d?.[1]?.format('YYYY-MM-DD') ?? ''])}
      />
    );
  const num = (s: string) => (s === '' ? null : Number(s));
  return (
    <Space.Compact>
      <InputNumber
        aria-label={`${p.label}（起）`}
        placeholder="起"
        value={num(from)}
        onChange={(v) => onChange([v === null ? '' : String(v), to])}
      />
      <InputNumber
        aria-label={`${p.label}（止）`}
        placeholder="止"
        value={num(to)}
        onChange={(v) => onChange([from, v === null ? '' : String(v)])}
      />
    </Space.Compact>
  );
}

function SelectInput({
  reportId,
  p,
  value,
  onChange,
}: {
  reportId: number;
  p: Param;
  value: ParamValue;
  onChange: (v: ParamValue) => void;
}) {
  const options = useQuery({
    queryKey: ['bi-reports', 'options', reportId, p.name],
    queryFn: () => getParamOptions(reportId, p.name).then((r) => r.data),
    staleTime: 60_000,
  });
  const multiple = p.op === 'in';
  return (
    <Select
      aria-label={p.label}
      style={{ minWidth: 180 }}
      allowClear
      showSearch
      mode={multiple ? 'multiple' : undefined}
      placeholder="全部"
      loading={options.isPending}
      options={(options.data ?? []).map((v) => ({ value: v, label: v }))}
      value={multiple ? (Array.isArray(value) ? value : []) : value === '' ? undefined : (value as string)}
      onChange={(v?: string | string[]) => onChange(v ?? (multiple ? [] : ''))}
    />
  );
}

/** A report's parameter form: a date range, a select of the field's values, or text, per parameter. */
export function ParamFields({
  reportId,
  params,
  values,
  onChange,
}: {
  reportId: number;
  params: Param[];
  values: Record<string, ParamValue>;
  onChange: (v: Record<string, ParamValue>) => void;
}) {
  const set = (name: string) => (v: ParamValue) => onChange({ ...values, [name]: v });
  return (
    <>
      {params.map((p) => {
        const v = values[p.name] ?? p.defaultValue;
        return (
          <Form.Item key={p.name} label={p.label} required={p.required}>
            {p.op === 'range' ? (
              <RangeInput p={p} value={v} onChange={set(p.name)} />
            ) : p.op === 'contains' ? (
              <TextInput
                aria-label={p.label}
                placeholder="包含的文字"
                value={Array.isArray(v) ? '' : v}
                onChange={(e) => set(p.name)(e.target.value)}
              />
            ) : (
              <SelectInput reportId={reportId} p={p} value={v} onChange={set(p.name)} />
            )}
          </Form.Item>
        );
      })}
    </>
  );
}
