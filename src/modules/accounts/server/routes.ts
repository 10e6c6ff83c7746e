import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { AppError, badInput } from '@/server/errors';
import { keysetRows, sendExcel } from '@/server/excel/export';
import { ok } from '@/shared/envelope';
import { Codes } from '@/shared/errors';
import {
  AccountCreateBody,
  AccountDetail,
  AccountFilter,
  AccountListAnswer,
  AccountListQuery,
  AccountUpdateBody,
  AssignPlatformsBody,
  AssignRolesBody,
  IdBody,
  IdQuery,
  IMPORT_HEADERS,
  KIND_TEXT,
  ResetPasswordBody,
  type AvatarAnswer,
} from '../contract';
import { okResponse } from '@/shared/response-schema';
import { exportRowsAfter, listAccounts, type ExportRow } from './repository';
import { storeAvatar } from './self-routes';
import * as svc from './service';

const BASE = '/user/api/v1.account';
const ADMIN = { access: 'admin' } as const;

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  username: req.auth!.username,
  ip: req.ip,
});

// Times as the university reads them (China Standard Time, UTC+8, no daylight saving).
const stamp = (ms: number | null) =>
  ms ? new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : '';

/** Account administration (issue 3, systemSetting → account): administrators only. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/list/`,
    { schema: { querystring: AccountListQuery, response: okResponse(AccountListAnswer) }, config: ADMIN },
    async (req) => ok(await listAccounts(app.db, req.query)),
  );

  app.get(
    `${BASE}/detail/`,
    { schema: { querystring: IdQuery, response: okResponse(AccountDetail) }, config: ADMIN },
    async (req) => ok(await svc.accountDetail(app, req.query.id)),
  );

  app.post(
    `${BASE}/create/`,
    { schema: { body: AccountCreateBody, response: okResponse(AccountDetail) }, config: ADMIN },
    async (req) => ok(await svc.createAccount(app, actorOf(req), req.body)),
  );

  app.post(
    `${BASE}/update/`,
    { schema: { body: AccountUpdateBody, response: okResponse(AccountDetail) }, config: ADMIN },
    async (req) => ok(await svc.updateAccount(app, actorOf(req), req.body)),
  );

  app.post(`${BASE}/disable/`, { schema: { body: IdBody }, config: ADMIN }, async (req) => {
    await svc.setAccountStatus(app, actorOf(req), req.body.id, 'disabled');
    return ok(null);
  });

  app.post(`${BASE}/enable/`, { schema: { body: IdBody }, config: ADMIN }, async (req) => {
    await svc.setAccountStatus(app, actorOf(req), req.body.id, 'active');
    return ok(null);
  });

  app.post(`${BASE}/unlock/`, { schema: { body: IdBody }, config: ADMIN }, async (req) => {
    await svc.unlockAccount(app, actorOf(req), req.body.id);
    return ok(null);
  });

  app.post(`${BASE}/reset_password/`, { schema: { body: ResetPasswordBody }, config: ADMIN }, async (req) =>
    ok(await svc.resetPassword(app, actorOf(req), req.body.id, req.body.password)),
  );

  app.post(`${BASE}/assign_roles/`, { schema: { body: AssignRolesBody }, config: ADMIN }, async (req) => {
    await svc.assignRoles(app, actorOf(req), req.body.id, req.body.roleIds);
    return ok(null);
  });

  app.post(`${BASE}/assign_platforms/`, { schema: { body: AssignPlatformsBody }, config: ADMIN }, async (req) => {
    await svc.assignPlatforms(app, actorOf(req), req.body.id, req.body.platformIds);
    return ok(null);
  });

  app.post(`${BASE}/avatar/`, { config: ADMIN }, async (req) => {
    const file = await req.file();
    if (!file) throw badInput('请选择头像图片', { field: 'file' });
    const raw = (file.fields.userId as { value?: unknown } | undefined)?.value;
    const userId = Number(raw);
    if (!Number.isInteger(userId) || userId < 1) {
      file.file.resume();
      throw badInput('缺少用户', { field: 'userId' });
    }
    await svc.accountDetail(app, userId).catch((e: unknown) => {
      file.file.resume();
      throw e;
    });
    return ok<AvatarAnswer>(await storeAvatar(app, req, file, userId));
  });

  app.post(`${BASE}/import/`, { config: ADMIN }, async (req) => {
    const file = await req.file();
    if (!file) throw new AppError(Codes.importError, 400, '请选择要导入的 Excel 文件');
    const answer = await svc.importAccounts(app, actorOf(req), file.file);
    if (answer.failed.length) {
      throw new AppError(
        Codes.partialImportError,
        400,
        `已导入 ${answer.imported} 行，${new Set(answer.failed.map((f) => f.row)).size} 行有误未导入`,
        answer,
      );
    }
    return ok(answer);
  });

  app.get(`${BASE}/import_template/`, { config: ADMIN }, async (_req, reply) => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('账号');
    sheet.columns = IMPORT_HEADERS.map((h) => ({ header: h, width: 18 }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow([
      'zhangsan2026',
      '张三',
      '20260101001',
      '学生',
      '01',
      '13800000000',
      'zhangsan@example.edu.cn',
      '男',
      '',
    ]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const name = '账号导入模板.xlsx';
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'Content-Disposition',
        `attachment; filename="account-template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('Cache-Control', 'no-store')
      .send(buffer);
  });

  // Never the password hash: only the columns below leave the server.
  app.get(`${BASE}/export/`, { schema: { querystring: AccountFilter }, config: ADMIN }, async (req, reply) =>
    sendExcel<ExportRow>(reply, {
      filename: `账号-${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheet: '账号',
      columns: [
        { header: '用户名', width: 18, value: (r) => r.username },
        { header: '姓名', width: 12, value: (r) => r.realName },
        { header: '学工号', width: 16, value: (r) => r.userNo },
        { header: '类型', width: 10, value: (r) => KIND_TEXT[r.kind] ?? r.kind },
        { header: '部门编码', width: 12, value: (r) => r.departmentCode },
        { header: '部门', width: 20, value: (r) => r.departmentName },
        { header: '角色', width: 20, value: (r) => r.roles.map((x) => x.name).join('、') },
        { header: '手机号', width: 14, value: (r) => r.phone },
        { header: '邮箱', width: 24, value: (r) => r.email },
        { header: '性别', width: 6, value: (r) => r.gender },
        { header: '状态', width: 8, value: (r) => (r.status === 'disabled' ? '停用' : r.locked ? '锁定' : '正常') },
        { header: '最近登录', width: 20, value: (r) => stamp(r.lastLoginAt) },
        { header: '创建时间', width: 20, value: (r) => stamp(r.createdAt) },
      ],
      rows: keysetRows((after, limit) => exportRowsAfter(app.db, req.query, after, limit), 1000),
    }),
  );
};
