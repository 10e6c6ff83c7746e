import type { Generated } from 'kysely';

/** An overdue task reported to the assignee's leaders (上报领导): who, when, to whom, and why. */
export interface EsEscalationTable {
  id: Generated<number>;
  taskId: number;
  instanceId: number;
  assigneeId: number;
  /** Leaders' names, joined with 、 (as told in the message). */
  leaderNames: string;
  actorId: number;
  actorName: string;
  note: string;
  at: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    esEscalation: EsEscalationTable;
  }
}
