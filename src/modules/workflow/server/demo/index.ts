import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { FormValues } from '@/shared/forms/schema';
import { insertPublishedForm } from '@/modules/forms/server/commands/publish-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { readMessagesBefore } from '@/modules/messages/server/commands/read-before';
import { earlierApprovalNodes } from '../../check-process';
import * as engine from '../engine';
import { insertDelegation, openTasksOf } from '../repository';
import { applyForEditIn, commentIn, resubmitIn, startForSubmission, urgeIn } from '../service';
import { insertPublishedProcess } from '../seed-workflow';
import { Cast, type CastMember } from './cast';
import { DEMO_FORM_NAMES, DEMO_FORMS, type DemoFormKey } from './forms';
import { demoProcesses } from './processes';
import { DEMO_REQUESTS, type DemoRequest, type Step, type When, type Who } from './requests';

type Tx = Transaction<Database>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** `days` weekdays before the day of `now`, at `time` (server time zone): always before today began. */
export function weekdaysBefore(now: number, days: number, time: string): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  for (let left = days; left > 0; ) {
    d.setDate(d.getDate() - 1);
    if (d.getDay() !== 0 && d.getDay() !== 6) left--;
  }
  const [h, m] = time.split(':').map(Number);
  d.setHours(h!, m!, 0, 0);
  return d.getTime();
}

const whenOf = (t: number): When => ({
  date: (days) => dateText(t + days * DAY),
  at: (days, time) => `${dateText(t + days * DAY)} ${time}`,
  span: (from, to) => `${dateText(t + from * DAY)}至${dateText(t + to * DAY)}`,
});

const actorOf = (p: CastMember): engine.Actor => ({ userId: p.id, name: p.realName, isAdmin: p.isAdmin });

/** The applicant's own fields, as the fill page fills them in from the signed-in user. */
const applicantValues = (p: CastMember): FormValues => ({
  name: p.realName,
  userNo: p.userNo,
  dept: p.department,
  phone: p.phone ?? '13800000000',
});

/** Runs one request: submitted, started through the form-submit hook, then each step through the engine. */
async function runRequest(
  tx: Tx,
  cast: Cast,
  forms: Map<DemoFormKey, { id: number; version: number }>,
  r: DemoRequest,
  now: number,
): Promise<void> {
  const form = forms.get(r.form)!;
  const applicant = cast.get(r.by);
  let at = weekdaysBefore(now, r.day, r.time);
  const when = whenOf(at);
  const picks = Object.fromEntries(
    Object.entries(r.pick ?? {}).map(([field, whos]) => [
      field,
      whos.map((w) => {
        const p = cast.get(w);
        return { id: p.id, name: p.realName };
      }),
    ]),
  );
  const { id: submissionId } = await recordSubmission(tx, {
    formId: form.id,
    version: form.version,
    submitterId: applicant.id,
    values: { ...applicantValues(applicant), ...r.values(when), ...picks },
    at,
  });
  let instanceId = await startForSubmission(tx, {
    formId: form.id,
    submissionId,
    submitterId: applicant.id,
    at,
  });
  if (instanceId === null) throw new Error(`demo request of ${DEMO_FORM_NAMES[r.form]}: no process started`);
  for (const [i, step] of (r.steps ?? []).entries()) {
    at += step.after * HOUR;
    // Never in the future, whatever the clock says when the demo is seeded.
    if (at >= now) throw new Error(`demo request of ${DEMO_FORM_NAMES[r.form]}: step ${i + 1} would be in the future`);
    instanceId = await runStep(tx, cast, instanceId, applicant, step, at, when);
  }
}

/** One step; answers the instance later steps act on (a change request's, after applyEdit). */
async function runStep(
  tx: Tx,
  cast: Cast,
  instanceId: number,
  applicant: CastMember,
  step: Step,
  at: number,
  when: When,
): Promise<number> {
  const me = actorOf(applicant);
  switch (step.act) {
    case 'approve':
    case 'return':
    case 'reject':
    case 'transfer': {
      const open = (await openTasksOf(tx, instanceId)).filter((t) => t.status === 'pending' && t.nodeId === step.node);
      const wanted = step.who ? cast.get(step.who).id : null;
      const task = wanted === null ? open[0] : open.find((t) => t.assigneeId === wanted);
      // The seeded organisation gives every node its people: a miss is a bug in the story, not something to skip.
      if (!task) throw new Error(`demo request ${instanceId}: no open task of ${step.who ?? 'anyone'} at ${step.node}`);
      const who = await tx
        .selectFrom('appUser')
        .select(['id', 'realName', 'isAdmin'])
        .where('id', '=', task.assigneeId)
        .executeTakeFirstOrThrow();
      const actor: engine.Actor = { userId: who.id, name: who.realName, isAdmin: who.isAdmin === 1 };
      if (step.act === 'approve')
        await engine.approve(tx, actor, { taskId: task.id, comment: step.comment, values: step.values }, at);
      else if (step.act === 'transfer')
        await engine.transfer(tx, actor, { taskId: task.id, userId: cast.get(step.to).id, comment: step.comment }, at);
      else
        await engine.reject(
          tx,
          actor,
          { taskId: task.id, comment: step.comment, to: step.act === 'return' ? 'applicant' : 'end' },
          at,
          earlierApprovalNodes,
        );
      return instanceId;
    }
    case 'resubmit': {
      const inst = (await tx
        .selectFrom('wfInstance')
        .select('submissionId')
        .where('id', '=', instanceId)
        .executeTakeFirstOrThrow())!;
      const current = JSON.parse((await engine.submissionOf(tx, inst.submissionId))!.values) as FormValues;
      await resubmitIn(tx, me, instanceId, { ...current, ...step.values }, step.comment, at);
      return instanceId;
    }
    case 'withdraw':
      await engine.withdraw(tx, me, instanceId, at);
      return instanceId;
    case 'terminate': {
      const admin = cast.get('admin');
      await engine.terminate(tx, actorOf(admin), instanceId, step.reason, at);
      return instanceId;
    }
    case 'urge':
      await urgeIn(tx, me, instanceId, at);
      return instanceId;
    case 'comment':
      await commentIn(
        tx,
        actorOf(step.who ? cast.get(step.who) : applicant),
        { instanceId, comment: step.comment },
        at,
      );
      return instanceId;
    case 'applyEdit':
      return (await applyForEditIn(tx, me, { instanceId, values: step.values(when), reason: step.reason }, at))
        .instanceId;
  }
}

/** Delegations: one over last week's business trip (its tasks show 委托), one in force now. */
async function insertDelegations(tx: Tx, cast: Cast, now: number): Promise<void> {
  const rules: { from: Who; to: Who; starts: number; ends: number; note: string }[] = [
    {
      from: 'affairs0',
      to: 'affairs1',
      starts: weekdaysBefore(now, 9, '00:00'),
      ends: weekdaysBefore(now, 5, '23:59'),
      note: '参加全国学生资助工作会议，出差期间委托处理',
    },
    {
      from: 'finance1',
      to: 'finance2',
      starts: weekdaysBefore(now, 1, '00:00'),
      ends: weekdaysBefore(now, 1, '00:00') + 8 * DAY,
      note: '休年休假，期间审批委托',
    },
  ];
  for (const r of rules) {
    const from = cast.get(r.from);
    const to = cast.get(r.to);
    if (from.id === to.id) continue; // the small seed's offices have one person
    await insertDelegation(tx, {
      fromUserId: from.id,
      toUserId: to.id,
      startsAt: r.starts,
      endsAt: r.ends,
      note: r.note,
      enabled: 1,
      createdAt: r.starts - DAY,
    });
  }
}

/**
 * The demo university's everyday business beside the leave requests: its forms (published, each
 * with its managers), their processes and requests in every state over the last five weeks — all
 * through the forms and workflow engines' own commands, so histories, tasks, copies, revisions and
 * messages are what real use leaves. Inside the demo seed's transaction, after insertSampleProcess.
 */
export async function insertDemoBusiness(tx: Tx, now: number): Promise<void> {
  const cast = await Cast.find(tx);
  const admin = { id: cast.get('admin').id, name: '系统管理员' };
  const published = now - 60 * DAY;
  // Who reads each form's summary: the teacher (a counsellor) the students' forms, the offices theirs.
  const managers: Record<DemoFormKey, Who[]> = {
    leaveCampus: ['teacher'],
    scholarship: ['teacher', 'affairs0'],
    dormChange: ['teacher', 'logistics0'],
    gradeReview: ['academic0'],
    studentCard: ['teacher', 'affairs0'],
    seal: ['hr0', 'finance0'],
    meetingRoom: ['logistics0'],
    car: ['logistics0'],
    travel: ['finance0'],
    staffLeave: ['hr0'],
  };
  const forms = new Map<DemoFormKey, { id: number; version: number }>();
  for (const f of DEMO_FORMS) {
    const managerIds = [...new Set(managers[f.key].map((w) => cast.get(w).id))];
    forms.set(
      f.key,
      await insertPublishedForm(
        tx,
        {
          name: DEMO_FORM_NAMES[f.key],
          category: f.category,
          description: f.description,
          schema: f.schema,
          managerIds,
          audience: [f.audience],
        },
        admin,
        published,
      ),
    );
  }
  for (const p of demoProcesses(cast.offices)) {
    await insertPublishedProcess(
      tx,
      { name: p.name, formId: forms.get(p.form)!.id, definition: p.definition },
      published,
    );
  }
  await insertDelegations(tx, cast, now);
  // Oldest first, so the engine's clock (row versions, messages) runs forward like real use.
  const ordered = [...DEMO_REQUESTS].sort(
    (a, b) => weekdaysBefore(now, b.day, b.time) - weekdaysBefore(now, a.day, a.time),
  );
  for (const r of ordered) await runRequest(tx, cast, forms, r, now);
  // Its people have read the approval messages of weeks ago; the last two weekdays' are still new.
  await readMessagesBefore(tx, ['task', 'result', 'urge', 'copy'], weekdaysBefore(now, 2, '00:00'), 2 * HOUR);
}
