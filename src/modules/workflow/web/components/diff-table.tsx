import { Table } from 'antd';
import type { FormSchema } from '@/shared/forms/schema';
import { diffRows } from './value-text';
import s from './approval.module.css';

/** A change request's fields: before and after. */
export function DiffTable({
  schema,
  diff,
}: {
  schema: FormSchema;
  diff: Record<string, { from: unknown; to: unknown }>;
}) {
  return (
    <Table
      size="small"
      rowKey="fieldId"
      pagination={false}
      dataSource={diffRows(schema, diff)}
      columns={[
        { title: '字段', dataIndex: 'label', width: '30%' },
        { title: '修改前', dataIndex: 'from', render: (v: string) => <span className={s.diffFrom}>{v}</span> },
        { title: '修改后', dataIndex: 'to', render: (v: string) => <span className={s.diffTo}>{v}</span> },
      ]}
    />
  );
}
