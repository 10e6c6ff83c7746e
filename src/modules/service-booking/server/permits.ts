import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { AuthContext } from '@/server/identity/sessions';
import { audit } from '@/server/identity/audit';
import { AppError, badInput, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { itemForProcess } from '@/modules/service-hall/server/commands/items';
import { listItemOptions } from '@/modules/service-hall/server/commands/item-lists';
import { approvedInstancesAfter } from '@/modules/workflow/server/commands/approved-instances';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import {
  PERMIT_CODE_ALPHABET,
  PERMIT_VERIFY_PATH,
  type PermitDocument,
  type PermitIssueBody,
  type PermitListQuery,
  type PermitRow,
  type VerifyAnswer,
} from '../contract';
import * as repo from './repository';
import { itemNamesOf } from './booking';
import { inScope, staffDepartments, staffItem, type Actor } from './scope';

const CURSOR = 'permits';
const BATCH = 500;

/** 12 characters from an unambiguous alphabet, grouped XXXX-XXXX-XXXX (≈ 59 bits). */
export function newPermitCode(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += PERMIT_CODE_ALPHABET[randomInt(PERMIT_CODE_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** 李明轩 → 李*轩, 王颖 → 王*, a single character stays. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

async function toRows(db: repo.Conn, list: repo.PermitRecord[]): Promise<PermitRow[]> {
  const names = await itemNamesOf(
    db,
    list.map((p) => p.itemId),
  );
  return list.map((p) => ({
    id: p.id,
    itemId: p.itemId,
    itemName: names.get(p.itemId) ?? '',
    departmentName: p.departmentName,
    holderName: p.holderName,
    holderNo: p.holderNo,
    title: p.title,
    code: p.code,
    status: p.status,
    issuedAt: p.issuedAt,
    validUntil: p.validUntil,
    revokedAt: p.revokedAt,
    revokeReason: p.revokeReason,
    issuedByName: p.issuedBy === null ? '审批通过自动签发' : (p.issuerName ?? ''),
    instanceId: p.instanceId,
  }));
}

/** Issues one permit (a fresh code; a rare code clash retries) and tells the holder. */
async function issue(
  trx: repo.Conn,
  p: {
    itemId: number;
    departmentId: number;
    holderId: number;
    holderName: string;
    title: string;
    instanceId: number | null;
    issuedBy: number | null;
    validUntil: number | null;
  },
  now: number,
): Promise<number | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await repo.insertPermit(trx, { ...p, code: newPermitCode(), issuedAt: now });
      if (id !== null)
        await sendMessage(trx as never, {
          userIds: [p.holderId],
          kind: 'result',
          title: `您的电子证照「${p.title}」已签发`,
          link: `/web/eventService/electronicWorkPermit?id=${id}`,
          at: now,
        });
      return id;
    } catch (e) {
      // Only the code can clash (the instance conflict is "do nothing"); PostgreSQL aborts the transaction, so no retry there.
      if (attempt >= 2 || !repo.isUniqueViolation(e)) throw e;
    }
  }
}

/**
 * The settling job: approved applications of items that issue permits get their permit. Reads the
 * instances that ended approved after the cursor (ended time, id), in pages; the unique instance
 * index makes a re-run (or two servers at once) issue nothing twice. Answers how many were issued.
 */
export async function settlePermits(app: FastifyInstance, now = Date.now()): Promise<number> {
  const items = await listItemOptions(app.db, { departmentIds: null, issuesPermit: true, limit: 5000 });
  const processIds = [...new Set(items.flatMap((i) => (i.processId ? [i.processId] : [])))];
  if (!processIds.length) return 0;
  let issued = 0;
  for (;;) {
    const cursor = await repo.settleCursor(app.db, CURSOR);
    const batch = await approvedInstancesAfter(app.db, cursor, { processIds, limit: BATCH });
    if (!batch.length) return issued;
    await app.db.transaction().execute(async (trx) => {
      for (const inst of batch) {
        const item = await itemForProcess(trx, inst.processId);
        if (!item?.issuesPermit) continue;
        const id = await issue(
          trx,
          {
            itemId: item.id,
            departmentId: item.departmentId,
            holderId: inst.applicantId,
            holderName: inst.applicantName,
            title: item.permitTitle || item.name,
            instanceId: inst.id,
            issuedBy: null,
            validUntil: null,
          },
          now,
        );
        if (id !== null) issued++;
      }
      const last = batch[batch.length - 1]!;
      await repo.saveSettleCursor(trx, CURSOR, { endedAt: last.endedAt, id: last.id });
    });
    if (batch.length < BATCH) return issued;
  }
}

/** Staff of the item's department issue a permit by hand to a person (学号/工号). */
export async function issueByHand(
  app: FastifyInstance,
  actor: Actor,
  body: PermitIssueBody,
  now = Date.now(),
): Promise<{ id: number }> {
  const item = await staffItem(app.db, actor, body.itemId);
  if (!item.issuesPermit) throw new AppError(Codes.bookingNotOffered, 400, '该事项不签发电子证照');
  const holder = await repo.userByNo(app.db, body.holderNo.trim());
  if (!holder || holder.status !== 'active') throw badInput('没有该学号/工号的在用账号', { field: 'holderNo' });
  if (body.validUntil !== undefined && body.validUntil <= now)
    throw badInput('有效期须晚于今天', { field: 'validUntil' });
  const id = await app.db.transaction().execute(async (trx) => {
    const pid = await issue(
      trx,
      {
        itemId: item.id,
        departmentId: item.departmentId,
        holderId: holder.id,
        holderName: holder.realName,
        title: item.permitTitle || item.name,
        instanceId: null,
        issuedBy: actor.userId,
        validUntil: body.validUntil ?? null,
      },
      now,
    );
    await audit(trx as never, {
      action: 'permit.issue',
      result: 'ok',
      actorId: actor.userId,
      actorName: actor.name,
      target: `permit:${pid}`,
      detail: `${item.permitTitle || item.name} → ${holder.realName}（${holder.userNo}）`,
    });
    return pid!;
  });
  return { id };
}

/** Staff revoke a valid permit with a reason (audited); the holder is told. */
export async function revoke(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  reason: string,
  now = Date.now(),
): Promise<void> {
  const p = await repo.findPermit(app.db, id);
  if (!p || !inScope(await staffDepartments(app.db, actor), p.departmentId)) throw notFound('电子证照不存在');
  const why = reason.trim();
  if (why.length < 2) throw badInput('请填写撤销原因', { field: 'reason' });
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.revokePermit(trx, id, actor.userId, why, now)))
      throw new AppError(Codes.bookingWrongState, 409, '该证照已撤销');
    await audit(trx as never, {
      action: 'permit.revoke',
      result: 'ok',
      actorId: actor.userId,
      actorName: actor.name,
      target: `permit:${id}`,
      detail: `${p.title}（${p.code}）：${why}`,
    });
    await sendMessage(trx as never, {
      userIds: [p.holderId],
      kind: 'notice',
      title: `您的电子证照「${p.title}」已被撤销`,
      body: why,
      link: `/web/eventService/electronicWorkPermit?id=${id}`,
      at: now,
    });
  });
}

export async function mine(app: FastifyInstance, auth: AuthContext, q: PermitListQuery) {
  const res = await repo.listPermits(app.db, { holderId: auth.userId }, q);
  return { ...res, list: await toRows(app.db, res.list), page: q.page, pageSize: q.pageSize };
}

export async function staffList(app: FastifyInstance, actor: Actor, q: PermitListQuery) {
  const res = await repo.listPermits(app.db, { departmentIds: await staffDepartments(app.db, actor) }, q);
  return { ...res, list: await toRows(app.db, res.list), page: q.page, pageSize: q.pageSize };
}

/** The printable permit with its QR code (the verify page's full address on this site): for the holder, or staff of its department. */
export async function document(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  origin: string,
): Promise<PermitDocument> {
  const p = await repo.findPermit(app.db, id);
  if (!p || (p.holderId !== actor.userId && !inScope(await staffDepartments(app.db, actor), p.departmentId)))
    throw notFound('电子证照不存在');
  const [row] = await toRows(app.db, [p]);
  const verifyPath = `${PERMIT_VERIFY_PATH}?code=${encodeURIComponent(p.code)}`;
  const qr = await QRCode.toDataURL(`${origin}${verifyPath}`, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { ...row!, qr, verifyPath };
}

/** Public check of a verification code: valid / revoked / expired / unknown, the holder's name masked. */
export async function verify(app: FastifyInstance, code: string, now = Date.now()): Promise<VerifyAnswer> {
  const p = await repo.findPermitByCode(app.db, code.trim().toUpperCase());
  if (!p) return { result: 'unknown' };
  const names = await itemNamesOf(app.db, [p.itemId]);
  return {
    result: p.status === 'revoked' ? 'revoked' : p.validUntil !== null && p.validUntil < now ? 'expired' : 'valid',
    title: p.title,
    itemName: names.get(p.itemId) ?? '',
    departmentName: p.departmentName,
    holderName: maskName(p.holderName),
    issuedAt: p.issuedAt,
    validUntil: p.validUntil,
    revokedAt: p.revokedAt,
    revokeReason: p.status === 'revoked' ? p.revokeReason : '',
  };
}
