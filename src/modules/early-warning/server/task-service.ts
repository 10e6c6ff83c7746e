import type { AuthContext } from '@/server/identity/sessions';
import { AppError, badInput, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import type { Db } from '@/server/db/dialect';
import type { RequestBody } from '../contract';
import * as repo from './repository';
import { notYours, scopeOf, type Scope } from './scope';
import { studentInScope } from './service';
import { startUnfollowFlow } from './unfollow-flow';
import { approveTask, pendingTasksOf, rejectTask } from '@/modules/workflow/server/commands/instances';

/**
 * The approval centre's 预警任务 (taskWarning: warnings assigned to me) and 重点关注 (taskFocusOn:
 * students I follow): 报告 (a report on the student's situation, to the college), 协助 (a request
 * to another department, answered there) and 不再关注 (ending the follow-up, approved by the
 * college's leader; approval closes the warning or ends the follow).
 */

async function subjectOf(db: repo.Conn, s: Scope, source: 'warning' | 'focus', refId: number) {
  if (source === 'warning') {
    const w = await repo.findWarning(db, refId);
    if (!w) throw notFound('预警不存在');
    const mine = w.assigneeId === s.userId || (s.counsellor && w.counsellorId === s.userId);
    if (!(mine || s.all || (s.leaderOf !== null && w.collegeId === s.leaderOf))) throw notYours();
    return { studentNo: w.studentNo, studentName: w.studentName, collegeId: w.collegeId, open: w.status === 'open' };
  }
  const f = await repo.findFollow(db, refId);
  if (!f || f.userId !== s.userId) throw notYours();
  return { studentNo: f.studentNo, studentName: f.studentName, collegeId: f.collegeId, open: f.status === 'following' };
}

export async function createRequest(db: Db, auth: AuthContext, body: RequestBody, now: number) {
  const s = await scopeOf(db, auth);
  return db.transaction().execute(async (tx) => {
    const subj = await subjectOf(tx, s, body.source, body.refId);
    let departmentId: number | null = subj.collegeId;
    if (body.kind === 'assist') {
      if (body.departmentId === undefined) throw badInput('请选择协助部门', { field: 'departmentId' });
      const d = await tx
        .selectFrom('department')
        .select(['id', 'kind'])
        .where('id', '=', body.departmentId)
        .executeTakeFirst();
      if (!d || !['college', 'office'].includes(d.kind)) throw badInput('协助部门不存在', { field: 'departmentId' });
      departmentId = d.id;
    }
    const id = await repo.addRequest(tx, {
      kind: body.kind,
      source: body.source,
      refId: body.refId,
      studentNo: subj.studentNo,
      studentName: subj.studentName,
      authorId: auth.userId,
      authorName: auth.realName,
      departmentId,
      approverId: null,
      content: body.content,
      status: 'submitted',
      createdAt: now,
    });
    await repo.addCare(tx, {
      warningId: body.source === 'warning' ? body.refId : null,
      studentNo: subj.studentNo,
      action: body.kind,
      actorId: auth.userId,
      actorName: auth.realName,
      content: body.content,
      outcome: '',
      at: now,
    });
    return id;
  });
}

/**
 * 不再关注: a workflow instance to the leaders of the student's college (any one decides; none →
 * the administrator); the subject waits ('ending' / 'escalated') until the instance ends.
 */
export async function requestUnfollow(
  db: Db,
  auth: AuthContext,
  body: { source: 'warning' | 'focus'; refId: number; reason: string },
  now: number,
) {
  const s = await scopeOf(db, auth);
  return db.transaction().execute(async (tx) => {
    const subj = await subjectOf(tx, s, body.source, body.refId);
    if (!subj.open) throw new AppError(Codes.ewUnfollowWrongState, 409);
    const leaders = await repo.leadersOf(tx, subj.collegeId);
    if (body.source === 'focus') await repo.setFollowStatus(tx, body.refId, 'ending');
    else await repo.setWarning(tx, body.refId, { status: 'escalated' }, now);
    const id = await repo.addRequest(tx, {
      kind: 'unfollow',
      source: body.source,
      refId: body.refId,
      studentNo: subj.studentNo,
      studentName: subj.studentName,
      authorId: auth.userId,
      authorName: auth.realName,
      departmentId: subj.collegeId,
      approverId: leaders[0]?.id ?? null,
      content: body.reason,
      status: 'pending',
      createdAt: now,
    });
    await startUnfollowFlow(
      tx,
      {
        requestId: id,
        applicantId: auth.userId,
        student: `${subj.studentName}（${subj.studentNo}）`,
        source: body.source,
        reason: body.reason,
        approvers: leaders,
      },
      now,
    );
    return id;
  });
}

/**
 * The leader's 同意/不同意 on this module's page: the engine's approve/reject of the caller's own
 * pending task on the request's instance (the completion hook settles the request). No task of
 * theirs: someone else's request (404 to them) or already decided (409).
 */
export async function decide(
  db: Db,
  auth: AuthContext,
  body: { id: number; approve: boolean; comment?: string },
  now: number,
) {
  await db.transaction().execute(async (tx) => {
    const r = await repo.findRequest(tx, body.id);
    if (!r || r.kind !== 'unfollow' || r.instanceId === null) throw notFound('申请不存在');
    const [task] = await pendingTasksOf(tx, auth.userId, { instanceIds: [r.instanceId], limit: 1 });
    if (!task) {
      if (r.status !== 'pending' && (r.approverId === auth.userId || r.authorId === auth.userId))
        throw new AppError(Codes.ewRequestDecided, 409);
      throw notYours();
    }
    const who = { userId: auth.userId, name: auth.realName, isAdmin: auth.isAdmin };
    const comment = body.comment?.trim() ?? '';
    if (body.approve) await approveTask(tx, who, { taskId: task.taskId, comment }, now);
    else await rejectTask(tx, who, { taskId: task.taskId, comment, to: 'end' }, now);
  });
}

/** 不再关注 rows get the caller's own pending approval task on their instance (null: nothing for them to decide). */
export async function withMyTasks<R extends { instanceId: number | null }>(
  db: Db,
  userId: number,
  page: { list: R[]; total: number },
) {
  const ids = page.list.flatMap((r) => (r.instanceId === null ? [] : [r.instanceId]));
  const tasks = await pendingTasksOf(db, userId, { instanceIds: ids, limit: ids.length || 1 });
  const byInstance = new Map(tasks.map((t) => [t.instanceId, t.taskId]));
  return {
    ...page,
    list: page.list.map((r) => ({
      ...r,
      taskId: r.instanceId === null ? null : (byInstance.get(r.instanceId) ?? null),
    })),
  };
}

export async function reply(db: Db, auth: AuthContext, body: { id: number; reply: string }, now: number) {
  const s = await scopeOf(db, auth);
  await db.transaction().execute(async (tx) => {
    const r = await repo.findRequest(tx, body.id);
    if (!r || r.kind === 'unfollow') throw notFound('申请不存在');
    const theirs =
      r.kind === 'assist' ? r.departmentId === s.unitId : s.leaderOf !== null && r.departmentId === s.leaderOf;
    if (!(theirs || s.all)) throw notYours();
    if (
      !(await repo.decideRequest(tx, r.id, { status: 'answered', reply: body.reply, replierName: auth.realName }, now))
    )
      throw new AppError(Codes.ewRequestDecided, 409);
  });
}

export async function follow(db: Db, auth: AuthContext, body: { studentNo: string; reason: string }, now: number) {
  const s = await scopeOf(db, auth);
  return db.transaction().execute(async (tx) => {
    const st = await studentInScope(tx, s, body.studentNo);
    if (await repo.activeFollow(tx, auth.userId, st.userNo)) throw new AppError(Codes.ewFollowExists, 409);
    return repo.addFollow(tx, {
      userId: auth.userId,
      studentNo: st.userNo,
      studentName: st.realName,
      collegeId: st.collegeId,
      reason: body.reason,
      status: 'following',
      createdAt: now,
    });
  });
}
