import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '@/server/errors';
import { keysetRows, sendExcel } from '@/server/excel/export';
import { ok } from '@/shared/envelope';
import { Codes } from '@/shared/errors';
import { MAX_ID } from '@/shared/ids';
import {
  CatalogQuery,
  ChangeListQuery,
  IdQuery,
  ReportBody,
  RestoreBody,
  RowDeleteBody,
  RowListQuery,
  RowSaveBody,
  TableCreateBody,
  TableListQuery,
  TableSaveBody,
  type DataTableField,
} from '../contract';
import { ownerAccess, tableAccess, viewerOf, type TableAccess } from './access';
import { createTable, deleteTable, planSave, saveDesign } from './design';
import * as repo from './repository';
import * as svc from './service';
import { toText } from './values';

const TABLE = '/data/api/v1.dataTable';
const ROWS = '/data/api/v1.dataRows';
const REPORTING = '/data/api/v1.dataReporting';
const SERVICE = '/data/api/v1.dataService';

const ExportQuery = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  filters: Type.Optional(Type.String({ maxLength: 4000 })),
});

/** Streams the rows the caller may see; a table that cannot be read answers 0x00000104 before the file starts. */
async function exportTable(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  reply: FastifyReply,
  access: TableAccess,
  filters: string | undefined,
) {
  const fetch = svc.exportRows(app, access, filters);
  let first: Awaited<ReturnType<typeof fetch>>;
  try {
    first = await fetch(0, 1000);
  } catch (err) {
    reply.log.error({ err }, 'data table export failed');
    throw new AppError(Codes.exportError, 500, '导出失败：数据表读取出错，请稍后重试');
  }
  // Then keyset pages after the first one's last row, as they stream out.
  async function* rows() {
    yield* first;
    if (first.length < 1000) return;
    const lastId = first[first.length - 1]!.id;
    yield* keysetRows((after, limit) => fetch(Math.max(after, lastId), limit), 1000);
  }
  return sendExcel(reply, {
    filename: `${access.meta.name}.xlsx`,
    sheet: access.meta.name.slice(0, 31),
    columns: access.fields.map((f: DataTableField) => ({
      header: f.label,
      width: f.type === 'text' ? 40 : 18,
      value: (r: Record<string, unknown>) => {
        const v = r[f.name];
        if (v === null || v === undefined) return null;
        if (f.type === 'integer' || f.type === 'decimal') return Number(v);
        return toText(f.type, f.type === 'boolean' ? (v ? 1 : 0) : v);
      },
    })),
    rows: rows(),
  });
}

/** Back office 数据表管理: administrators design tables, apply changes, import and export. */
export const tableAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };

  app.get(`${TABLE}/list/`, { schema: { querystring: TableListQuery }, config: admin }, async (req) =>
    ok(await repo.listTables(app.db, req.query)),
  );

  app.get(`${TABLE}/detail/`, { schema: { querystring: IdQuery }, config: admin }, async (req) => {
    const meta = await repo.findMeta(app.db, req.query.id);
    if (!meta) throw new AppError(Codes.notFound, 404, '数据表不存在');
    return ok(meta);
  });

  app.get(`${TABLE}/ddl/`, { schema: { querystring: IdQuery }, config: admin }, async (req) =>
    ok(await repo.listDdl(app.db, req.query.id)),
  );

  app.post(`${TABLE}/create/`, { schema: { body: TableCreateBody }, config: admin }, async (req) =>
    ok(await app.db.transaction().execute((trx) => createTable(trx, req.body, req.auth!.userId)), '创建成功'),
  );

  app.post(`${TABLE}/plan/`, { schema: { body: TableSaveBody }, config: admin }, async (req) =>
    ok(await planSave(app.db, req.body)),
  );

  app.post(`${TABLE}/save/`, { schema: { body: TableSaveBody }, config: admin }, async (req) =>
    ok(await app.db.transaction().execute((trx) => saveDesign(trx, req.body, req.auth!.userId)), '保存成功'),
  );

  app.post(`${TABLE}/delete/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await app.db.transaction().execute((trx) => deleteTable(trx, req.body.id, req.auth!.userId));
    return ok(null, '删除成功');
  });

  app.post(`${TABLE}/import/`, { schema: { querystring: IdQuery }, config: admin }, async (req) => {
    const file = await req.file();
    if (!file) throw new AppError(Codes.importError, 400, '请选择要导入的 Excel 文件');
    const result = await svc.importRows(app, req.auth!, req.query.id, file.file);
    const written = result.inserted + result.updated + result.unchanged;
    if (result.errors.length)
      throw new AppError(
        Codes.partialImportError,
        400,
        `已导入 ${written} 行，${new Set(result.errors.map((e) => e.row)).size} 行有误未导入`,
        result,
      );
    return ok(result, `导入成功：新增 ${result.inserted} 行，更新 ${result.updated} 行，未变 ${result.unchanged} 行`);
  });

  app.get(`${TABLE}/export/`, { schema: { querystring: ExportQuery }, config: admin }, async (req, reply) => {
    const access = await tableAccess(app.db, await viewerOf(app.db, req.auth!), req.query.id);
    return exportTable(app, reply, access, req.query.filters);
  });
};

/** Department data centre: browse, edit, records, restore. Permissions per table in access.ts. */
export const rowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const browse = { access: { any: ['dataTable', 'dataTableEdit', 'dataTablePreview', 'dataTableOperaRecords'] } };
  const edit = { access: { any: ['dataTableEdit'] } };
  const records = { access: { any: ['dataTableOperaRecords'] } };

  app.get(
    `${ROWS}/tables/`,
    { schema: { querystring: TableListQuery }, config: { access: { any: ['dataTable', 'dataReporting'] } } },
    async (req) => ok(await svc.visibleTables(app, await viewerOf(app.db, req.auth!), req.query)),
  );

  app.get(`${ROWS}/view/`, { schema: { querystring: IdQuery }, config: browse }, async (req) =>
    ok(svc.viewOf(await tableAccess(app.db, await viewerOf(app.db, req.auth!), req.query.id))),
  );

  app.get(`${ROWS}/list/`, { schema: { querystring: RowListQuery }, config: browse }, async (req) =>
    ok(await svc.browse(app, req.auth!, req.query)),
  );

  app.get(
    `${ROWS}/export/`,
    { schema: { querystring: ExportQuery }, config: { access: { any: ['dataTable'] } } },
    async (req, reply) => {
      const access = await tableAccess(app.db, await viewerOf(app.db, req.auth!), req.query.id);
      return exportTable(app, reply, access, req.query.filters);
    },
  );

  app.post(`${ROWS}/save/`, { schema: { body: RowSaveBody }, config: edit }, async (req) =>
    ok(await svc.saveRow(app, req.auth!, req.body), '保存成功'),
  );

  app.post(`${ROWS}/delete/`, { schema: { body: RowDeleteBody }, config: edit }, async (req) => {
    await svc.deleteRow(app, req.auth!, req.body);
    return ok(null, '删除成功');
  });

  app.get(`${ROWS}/changes/`, { schema: { querystring: ChangeListQuery }, config: records }, async (req) => {
    await ownerAccess(app.db, await viewerOf(app.db, req.auth!), req.query.id);
    return ok(await repo.listChanges(app.db, req.query));
  });

  app.post(`${ROWS}/restore/`, { schema: { body: RestoreBody }, config: records }, async (req) =>
    ok(await svc.restore(app, req.auth!, req.body), '已恢复'),
  );
};

/** 数据报送: the department's duties and the confirmation that a table is current. */
export const reportingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const duty = { access: { any: ['dataReporting'] } };
  app.get(`${REPORTING}/list/`, { config: duty }, async (req) =>
    ok(await svc.duties(app, await viewerOf(app.db, req.auth!))),
  );
  app.post(`${REPORTING}/report/`, { schema: { body: ReportBody }, config: duty }, async (req) => {
    await svc.report(app, req.auth!, req.body.id);
    return ok(null, '已确认更新');
  });
};

/** 数据服务目录: public (spec section 4: open without a token); names and fields, never data. */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${SERVICE}/list/`,
    {
      schema: { querystring: CatalogQuery },
      config: { access: 'public', rateLimit: { max: app.config.rateLimits.visit, timeWindow: '1 minute' } },
    },
    async (req) => ok(await svc.catalogue(app, req.query)),
  );
};
