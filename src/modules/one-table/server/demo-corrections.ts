import type { FastifyInstance } from 'fastify';
import { getSetting, putSettingOnce } from '@/server/identity/settings';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { approveTask, pendingTasksOfInstance, rejectTask } from '@/modules/workflow/server/commands/instances';
import type { CorrectionState } from '../contract';
import { saveWriteBack, syncsIntoTable } from '@/modules/data-sync/server/commands/save-write-back';
import * as repo from './repository';
import { startCorrectionFlow } from './correction-flow';

const MARKER = 'oneTable.demoCorrections';
const HOUR = 3_600_000;

interface DemoCase {
  userNo: string;
  table: string;
  personField: string;
  field: string;
  label: string;
  newValue: (old: string) => string;
  reason: string;
  state: CorrectionState;
  answer: string;
  /** Hours ago it was asked; decided `decidedAfter` hours later. */
  ago: number;
  decidedAfter: number;
}

/** The fixed student 李明轩 (20230101101) has one of each state; others fill the summary. */
const CASES: DemoCase[] = [
  {
    userNo: '20230101101',
    table: 'mj_bed',
    personField: 'student_no',
    field: 'room_no',
    label: '房间号',
    newValue: (o) => `${o.slice(0, -1)}${(Number(o.slice(-1)) + 1) % 10}`,
    reason: '上学期已调换宿舍，系统仍是原房间号',
    state: 'pending',
    answer: '',
    ago: 5,
    decidedAfter: 0,
  },
  {
    userNo: '20230101101',
    table: 'mj_bed',
    personField: 'student_no',
    field: 'check_in_date',
    label: '入住日期',
    newValue: (o) => (o === '2023-08-30' ? '2023-08-31' : '2023-08-30'),
    reason: '提前返校，实际入住日期早于登记日期',
    state: 'approved',
    answer: '已核对宿管办入住登记，予以更正',
    ago: 240,
    decidedAfter: 20,
  },
  {
    userNo: '20230101101',
    table: 'jw_grade',
    personField: 'student_no',
    field: 'score',
    label: '成绩',
    newValue: (o) => String(Math.min(100, Number(o || 60) + 5)),
    reason: '平时成绩漏登',
    state: 'rejected',
    answer: '经任课教师核实，平时成绩已计入总评，成绩无误',
    ago: 120,
    decidedAfter: 30,
  },
];

/**
 * DEMO=1: once the data centre's first sync has filled the demo tables, add demo corrections
 * in every state (pending, approved and written back, rejected with a reason). Runs once per
 * database (a settings marker); polls for up to an hour after the start.
 */
export function demoCorrectionsWhenSynced(app: FastifyInstance): void {
  if (!app.config.demo) return;
  let timer: NodeJS.Timeout | undefined;
  let tries = 0;
  const tick = async () => {
    tries++;
    if (tries > 180) return clearInterval(timer);
    if (await getSetting(app.db, MARKER)) return clearInterval(timer);
    if (!(await ready(app))) return;
    const mine = `${process.pid}-${Date.now()}`;
    if ((await putSettingOnce(app.db, MARKER, mine)) !== mine) return clearInterval(timer);
    clearInterval(timer);
    await demoWriteBack(app);
    await seedCorrections(app);
  };
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void tick().catch((err: unknown) => app.log.warn({ err }, '一表通演示纠错未能生成')),
      20_000,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

async function ready(app: FastifyInstance): Promise<boolean> {
  for (const c of CASES) {
    const def = await getDataTable(app, app.db, c.table);
    if (!def) return false;
    const r = await listRows(app, app.db, def.id, { page: 1, pageSize: 1, where: { [c.personField]: c.userNo } });
    if (!r.list.length) return false;
  }
  return true;
}

/**
 * The demo's 宿管系统 (dorm_bed in the menjin SQLite source) takes corrections back: 房间号 and
 * 入住日期 of the mj_bed sync, keyed by bed_id — an approved value is queued and written there.
 */
async function demoWriteBack(app: FastifyInstance): Promise<void> {
  const def = await getDataTable(app, app.db, 'mj_bed');
  const [syncId] = def ? await syncsIntoTable(app.db, def.id) : [];
  if (syncId === undefined) return;
  await saveWriteBack(app, syncId, {
    table: 'dorm_bed',
    keyColumn: 'bed_id',
    keyField: 'bed_id',
    columns: { room_no: 'room_no', check_in_date: 'check_in_date' },
  }).catch((err: unknown) => app.log.warn({ err }, '一表通演示写回设置未能保存'));
}

/**
 * Runs the demo cases through the engine as people would: the student's request starts the
 * 数据纠错 process; decided ones are approved or rejected by the task's assignee (the owning
 * department's data staff) — the completion hook writes approved values. Exported for tests.
 */
export async function seedCorrections(app: FastifyInstance): Promise<number> {
  const now = Date.now();
  let n = 0;
  await app.db.transaction().execute(async (trx) => {
    for (const c of CASES) {
      const person = await repo.findPersonByNo(trx, c.userNo);
      const def = await getDataTable(app, trx, c.table);
      if (!person || !def) continue;
      const r = await listRows(app, trx, def.id, { page: 1, pageSize: 1, where: { [c.personField]: c.userNo } });
      const row = r.list[0];
      if (!row) continue;
      const oldValue = row[c.field] == null ? '' : String(row[c.field]);
      const newValue = c.newValue(oldValue);
      const createdAt = now - c.ago * HOUR;
      const id = await repo.insertCorrection(trx, {
        applicantId: person.id,
        applicantName: person.realName,
        personNo: person.userNo,
        tableId: def.id,
        tableCode: def.code,
        tableName: def.name,
        ownerDepartmentId: def.ownerDepartmentId,
        rowId: Number(row._id),
        field: c.field,
        fieldLabel: c.label,
        oldValue,
        newValue,
        reason: c.reason,
        evidence: [],
        createdAt,
      });
      const names = await repo.departmentNames(trx, def.ownerDepartmentId ? [def.ownerDepartmentId] : []);
      const instanceId = await startCorrectionFlow(
        trx,
        {
          applicantId: person.id,
          personNo: person.userNo,
          tableName: def.name,
          fieldLabel: c.label,
          department: def.ownerDepartmentId ? (names.get(def.ownerDepartmentId) ?? null) : null,
          oldValue,
          newValue,
          reason: c.reason,
          evidenceNames: [],
          ownerDepartmentId: def.ownerDepartmentId,
        },
        createdAt,
      );
      await repo.setInstance(trx, id, instanceId);
      n++;
      if (c.state === 'pending') continue;
      const [task] = await pendingTasksOfInstance(trx, instanceId);
      if (!task) continue;
      const who = (await repo.findPersonById(trx, task.assigneeId))!;
      const actor = { userId: who.id, name: who.realName, isAdmin: false };
      const at = createdAt + c.decidedAfter * HOUR;
      if (c.state === 'approved') await approveTask(trx, actor, { taskId: task.taskId, comment: c.answer }, at);
      else await rejectTask(trx, actor, { taskId: task.taskId, comment: c.answer, to: 'end' }, at);
    }
  });
  return n;
}
