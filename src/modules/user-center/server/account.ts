import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { Codes } from '@/shared/errors';
import { CONTACT_CODE_MS, type MyInfo, type PersonalInfo, type SessionRow } from '../contract';
import { personRows, str } from './campus-data';
import * as repo from './repository';

export const myInfo = (m: repo.Me): MyInfo => ({
  id: m.id,
  username: m.username,
  realName: m.realName,
  userNo: m.userNo,
  kind: m.kind,
  department: m.department,
  phone: m.phone,
  email: m.email,
  gender: m.gender,
  avatar: m.avatar,
});

/** getPersonalInfo: the account plus the person's HR facts for staff (no ID number or birth date). */
export async function personalInfo(app: FastifyInstance, m: repo.Me): Promise<PersonalInfo> {
  const facts: { label: string; value: string }[] = [
    { label: m.kind === 'student' ? '学号' : '工号', value: m.userNo },
    { label: m.kind === 'student' ? '学院' : '单位', value: m.department ?? '' },
  ];
  if (m.kind !== 'student') {
    const s = (await personRows(app, app.db, 'staff', m.userNo, { pageSize: 1 })).list[0];
    if (s)
      for (const [k, label] of [
        ['post_name', '岗位'],
        ['title', '职称/职务'],
        ['education', '学历'],
        ['category', '人员类别'],
        ['hire_date', '入职日期'],
      ] as const)
        if (str(s[k])) facts.push({ label, value: str(s[k]) });
  }
  return { ...myInfo(m), facts };
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const MAX_ATTEMPTS = 5;

/**
 * A six-digit code for binding a phone or e-mail. No SMS or mail gateway exists yet: the code is
 * written to the server log (dev/demo only) — see the README. Stored hashed, 10 minutes, 5 tries.
 */
export async function sendContactCode(app: FastifyInstance, m: repo.Me, channel: 'phone' | 'email', target: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  await app.db.transaction().execute((trx) =>
    repo.replaceContactCode(trx, {
      userId: m.id,
      channel,
      target,
      codeHash: hash(`${m.id}:${code}`),
      expiresAt: now + CONTACT_CODE_MS,
      now,
    }),
  );
  if (!app.config.production)
    app.log.info({ userId: m.id, channel }, `个人中心绑定验证码（演示环境，未接入短信/邮件网关）：${code}`);
  return { expiresAt: now + CONTACT_CODE_MS };
}

export async function bindContact(
  app: FastifyInstance,
  m: repo.Me,
  channel: 'phone' | 'email',
  code: string,
  ip: string,
) {
  const row = await repo.contactCode(app.db, m.id, channel);
  if (!row || Number(row.expiresAt) < Date.now() || row.attempts >= MAX_ATTEMPTS)
    throw new AppError(Codes.userCenterBadCode, 400);
  if (row.codeHash !== hash(`${m.id}:${code}`)) {
    await repo.countContactAttempt(app.db, Number(row.id));
    throw new AppError(Codes.userCenterBadCode, 400);
  }
  await app.db.transaction().execute(async (trx) => {
    await repo.setContact(trx, m.id, channel, row.target, Date.now());
    await repo.deleteContactCode(trx, Number(row.id));
  });
  await audit(app.db, { action: `userCenter.bind.${channel}`, result: 'ok', actorId: m.id, actorName: m.username, ip });
  return { [channel]: row.target };
}

export const sessions = (app: FastifyInstance, req: FastifyRequest): Promise<SessionRow[]> =>
  repo.liveSessions(app.db, req.auth!.userId, Date.now(), req.auth!.tokenHash);

export async function signOutElsewhere(app: FastifyInstance, req: FastifyRequest, id: string) {
  const n = await repo.revokeOwnSession(app.db, req.auth!.userId, id, req.auth!.tokenHash, Date.now());
  if (!n) throw notFound('会话不存在或已结束');
  await audit(app.db, {
    action: 'userCenter.session.revoke',
    result: 'ok',
    actorId: req.auth!.userId,
    actorName: req.auth!.username,
    ip: req.ip,
  });
}
