import type { Generated } from 'kysely';

/**
 * The workflow engine's tables (migration 0009-workflow). Documents are JSON text; times ms; flags 0/1.
 * department_leader, which the engine reads for leader approvers, is organization's (0009-department-leader).
 */
export interface WfProcessTable {
  id: Generated<number>;
  name: string;
  formId: number;
  /** 'draft' | 'published' | 'disabled' */
  status: string;
  /** ProcessDefinition JSON: the designer's working copy. */
  draft: string;
  latestVersion: number | null;
  updatedAt: number;
  updatedByName: string;
}

/** A published version: written once. */
export interface WfProcessVersionTable {
  processId: number;
  version: number;
  definition: string;
  publishedAt: number;
  publishedByName: string;
}

export interface WfInstanceTable {
  id: Generated<number>;
  processId: number;
  version: number;
  formId: number;
  submissionId: number;
  /** 'normal' | 'edit' (applyForEdit) */
  kind: string;
  /** edit: the approved instance whose record it changes. */
  parentId: number | null;
  /** edit: the proposed whole values and the field-level diff (JSON). */
  editValues: string | null;
  editDiff: string | null;
  title: string;
  applicantId: number;
  applicantName: string;
  status: string;
  /** Comma-separated names of the nodes it waits at (the monitor). */
  currentNodes: string;
  /** Engine state JSON: join arrivals, approvers' picks. */
  state: string;
  recordToken: string;
  /** Bumped by every transition: the row update is the instance's lock. */
  rowVersion: number;
  activationSeq: number;
  startedAt: number;
  updatedAt: number;
  endedAt: number | null;
  lastUrgedAt: number | null;
}

export interface WfTaskTable {
  id: Generated<number>;
  instanceId: number;
  nodeId: string;
  nodeName: string;
  /** One entry into a node: the tasks a sign mode counts together. */
  activation: number;
  seq: number;
  assigneeId: number;
  assigneeName: string;
  delegatedFrom: number | null;
  status: string;
  batchApprove: number;
  formId: number;
  title: string;
  applicantName: string;
  createdAt: number;
  dueAt: number | null;
  handledAt: number | null;
  /** The next time the time-limit job looks at it (a reminder or the timeout action); null: nothing left. */
  alarmAt: Generated<number | null>;
  /** Steps of the node's alarm schedule already run (the job's claim moves it on conditionally). */
  alarmsDone: Generated<number>;
  remindersSent: Generated<number>;
  /** What the time limit did: approve, return, escalate or noLeader. */
  timeoutAction: Generated<string | null>;
}

/** A timer node's wait (0062-wf-time-limits): waiting until fire_at, then fired or cancelled. */
export interface WfTimerTable {
  id: Generated<number>;
  instanceId: number;
  nodeId: string;
  nodeName: string;
  status: string;
  fireAt: number;
  createdAt: number;
  firedAt: number | null;
}

export interface WfCopyTable {
  id: Generated<number>;
  instanceId: number;
  nodeId: string;
  nodeName: string;
  userId: number;
  formId: number;
  title: string;
  applicantName: string;
  createdAt: number;
}

export interface WfHistoryTable {
  id: Generated<number>;
  instanceId: number;
  nodeId: string;
  nodeName: string;
  actorId: number | null;
  actorName: string;
  action: string;
  comment: string;
  /** JSON [{ id, name, url }] */
  attachments: string;
  at: number;
}

export interface WfSubmissionRevisionTable {
  id: Generated<number>;
  submissionId: number;
  revision: number;
  values: string;
  /** 'submit' | 'resubmit' | 'edit' | 'approverEdit' */
  reason: string;
  instanceId: number | null;
  createdAt: number;
}

export interface WfDelegationTable {
  id: Generated<number>;
  fromUserId: number;
  toUserId: number;
  startsAt: number;
  endsAt: number;
  note: string;
  enabled: number;
  createdAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    wfProcess: WfProcessTable;
    wfProcessVersion: WfProcessVersionTable;
    wfInstance: WfInstanceTable;
    wfTask: WfTaskTable;
    wfTimer: WfTimerTable;
    wfCopy: WfCopyTable;
    wfHistory: WfHistoryTable;
    wfSubmissionRevision: WfSubmissionRevisionTable;
    wfDelegation: WfDelegationTable;
  }
}
