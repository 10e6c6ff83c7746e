import { sql } from 'kysely';
import type { DynamicTableFamily } from '@/server/backup/dynamic-tables';
import type { DataFieldType, DataTableField } from '../contract';
import { createSteps } from './ddl';

/**
 * The data tables' physical tables `dt_<code>` for a restore (src/server/backup/dynamic-tables.ts):
 * once data_table and data_table_field hold the backup's rows, each table is created as its
 * definition says (the same DDL as 新建数据表, without a DDL-history row: the restored
 * data_table_ddl already has the table's history).
 */
export const dynamicTables: DynamicTableFamily = {
  prefix: 'dt_',
  definitions: ['data_table', 'data_table_field'],
  async create(db, postgres) {
    const tables = await db.selectFrom('data_table').select(['id', 'code', 'unique_key']).orderBy('id').execute();
    for (const t of tables) {
      const fields = await db
        .selectFrom('data_table_field')
        .select(['name', 'type', 'indexed'])
        .where('table_id', '=', t.id)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const steps = createSteps(postgres, {
        id: Number(t.id),
        code: String(t.code),
        fields: fields.map(
          (f) =>
            ({
              name: String(f.name),
              type: f.type as DataFieldType,
              indexed: Number(f.indexed) === 1,
            }) as DataTableField,
        ),
        uniqueKey: JSON.parse(String(t.unique_key)) as string[],
      });
      for (const s of steps) if ('sql' in s) await sql.raw(s.sql).execute(db);
    }
  },
};
