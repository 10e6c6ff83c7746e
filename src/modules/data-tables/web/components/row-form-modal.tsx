import { useEffect } from 'react';
import { DatePicker, Form, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataTableField } from '../../contract';
import { TextArea, TextInput } from '@/core/ui/text-input';

type Row = Record<string, unknown>;

/** Row values → form values (dates as dayjs). */
const toForm = (fields: DataTableField[], row: Row | null) =>
  Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.name] ?? null;
      if (v === null) return [f.name, undefined];
      if (f.type === 'date') return [f.name, dayjs(String(v))];
      if (f.type === 'datetime') return [f.name, dayjs(Number(v))];
      if (f.type === 'boolean') return [f.name, v ? 1 : 0];
      return [f.name, v];
    }),
  );

/** Form values → what the server takes (null for empty; the server checks and normalises every value). */
const fromForm = (fields: DataTableField[], values: Record<string, unknown>) =>
  Object.fromEntries(
    fields.map((f) => {
      const v = values[f.name];
      if (v === undefined || v === null || v === '') return [f.name, null];
      if (f.type === 'date') return [f.name, (v as Dayjs).format('YYYY-MM-DD')];
      if (f.type === 'datetime') return [f.name, (v as Dayjs).valueOf()];
      if (f.type === 'boolean') return [f.name, v === 1];
      return [f.name, v];
    }),
  );

/** The control for a field's type. Form.Item hands it `value`/`onChange` (and id), passed on to the control. */
function FieldInput({
  f,
  ...control
}: {
  f: DataTableField;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const p = control as Record<string, unknown>;
  switch (f.type) {
    case 'text':
      return <TextArea aria-label={f.label} {...p} rows={3} maxLength={20000} />;
    case 'integer':
      return <InputNumber aria-label={f.label} {...p} precision={0} style={{ width: '100%' }} />;
    case 'decimal':
      return <InputNumber aria-label={f.label} {...p} style={{ width: '100%' }} />;
    case 'boolean':
      return (
        <Select
          {...p}
          aria-label={f.label}
          allowClear
          options={[
            { value: 1, label: '是' },
            { value: 0, label: '否' },
          ]}
        />
      );
    case 'date':
      return <DatePicker aria-label={f.label} {...p} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker aria-label={f.label} {...p} showTime style={{ width: '100%' }} />;
    default:
      return <TextInput aria-label={f.label} {...p} maxLength={500} />;
  }
}

/** Add or edit one row; the fields' rules come from the table's definition (the server checks them again). */
export function RowFormModal({
  open,
  fields,
  row,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  fields: DataTableField[];
  row: Row | null;
  saving: boolean;
  onSave: (values: Record<string, unknown>) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (open) form.setFieldsValue(toForm(fields, row));
  }, [open, fields, row, form]);
  return (
    <Modal
      open={open}
      title={row ? '编辑行' : '新增行'}
      okText="保存"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v: Record<string, unknown>) => onSave(fromForm(fields, v)))}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            tooltip={f.description || undefined}
            rules={[
              ...(f.required ? [{ required: true, message: `请填写${f.label}` }] : []),
              ...(f.type === 'string' ? [{ max: 500, message: `${f.label}不能超过 500 个字符` }] : []),
            ]}
          >
            <FieldInput f={f} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
