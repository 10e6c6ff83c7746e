/**
 * The workflow's SQL, by table group: processes (wf_process, wf_process_version), instances
 * (wf_instance, wf_task, wf_history, wf_copy, wf_submission_revision), task-lists (the approval
 * centre's four lists and counts), monitor, delegations, and people (the reads of users,
 * departments and leaders the assignees need). Every function takes a connection or a transaction.
 */
export type { Conn, Tx } from './conn';
export * from './processes';
export * from './people';
export * from './instances';
export * from './task-lists';
export * from './monitor';
export * from './delegations';
export * from './time-limits';
