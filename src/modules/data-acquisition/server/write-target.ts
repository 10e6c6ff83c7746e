import type { FastifyInstance } from 'fastify';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { allFields, type FormSchema, type FormValues } from '@/shared/forms/schema';
import { formatValueInFull } from '@/shared/forms/values';
import { getDataTable, type DataTableDef } from '@/modules/data-tables/server/commands/get-data-table';
import { writeRows, DataTableRowError } from '@/modules/data-tables/server/commands/write-rows';
import type { MappingItem } from '../contract';
import type { Conn } from './repository';

/**
 * A record becomes one row of the task's data table: each mapped form value turned into the table
 * field's kind (choices and other structured values as the text the form shows), plus the row
 * key of a "one record per row" record. Written through data-tables' writeRows in the caller's
 * transaction (source 'acquisition', logged), so a record is written together with its state.
 */

const EMPTY = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

function cell(type: string, formField: Parameters<typeof formatValueInFull>[0] | undefined, v: unknown): unknown {
  if (EMPTY(v)) return null;
  // Choices are written as the text the form shows (汽车, not the option value bus).
  const text = () =>
    formField
      ? formatValueInFull(formField, v)
      : typeof v === 'string' || typeof v === 'number'
        ? String(v)
        : JSON.stringify(v);
  switch (type) {
    case 'integer':
    case 'decimal':
      return typeof v === 'number' ? v : text();
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 1 || v === '1' || v === 'true' || v === '是';
    case 'date':
      return typeof v === 'string'
        ? v.slice(0, 10)
        : typeof v === 'number'
          ? new Date(v + 8 * 3600_000).toISOString().slice(0, 10)
          : text();
    case 'datetime':
      return typeof v === 'number' ? v : typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : text();
    default:
      return text();
  }
}

/** The table row a record's values make (field name → value). */
export function rowOf(
  def: DataTableDef,
  schema: FormSchema,
  mapping: MappingItem[],
  values: FormValues,
  recordKey: Record<string, unknown> | null,
): Record<string, unknown> {
  const formFields = new Map(allFields(schema).map((f) => [f.id, f]));
  const types = new Map(def.fields.map((f) => [f.name, f.type]));
  const row: Record<string, unknown> = {};
  for (const m of mapping) {
    const type = types.get(m.to);
    if (!type) continue;
    row[m.to] = cell(type, formFields.get(m.from), values[m.from]);
  }
  if (recordKey) for (const [k, v] of Object.entries(recordKey)) if (types.has(k)) row[k] = v;
  return row;
}

/** Writes the record's row (upsert by the task's key, insert when it has none); a refused row is 400 0x00000661 naming the field. */
export async function writeRecord(
  app: FastifyInstance,
  trx: Conn,
  t: { tableId: number; schema: FormSchema; mapping: MappingItem[]; keyFields: string[] },
  values: FormValues,
  recordKey: Record<string, unknown> | null,
  actorId: number | null,
): Promise<void> {
  const def = await getDataTable(app, trx, t.tableId);
  if (!def) throw new AppError(Codes.acquisitionRowRejected, 400, '目标数据表已被删除，无法入库');
  const row = rowOf(def, t.schema, t.mapping, values, recordKey);
  const key = t.keyFields.length ? t.keyFields : recordKey ? Object.keys(recordKey).filter((k) => k in row) : [];
  try {
    await writeRows(app, trx, def.id, [row], { key, actorId, source: 'acquisition' });
  } catch (e) {
    if (e instanceof DataTableRowError) {
      const label = def.fields.find((f) => f.name === e.field)?.label ?? e.field;
      const from = t.mapping.find((m) => m.to === e.field)?.from;
      throw new AppError(Codes.acquisitionRowRejected, 400, `写入数据表「${def.name}」失败：「${label}」${e.reason}`, {
        field: from ?? e.field,
      });
    }
    throw e;
  }
}
