/**
 * The process engine, one file per job: context (an instance's transition view, load and save),
 * assignees (who a node names), advance (entering nodes, creating and notifying tasks, finishing),
 * revisions (a record's versions and field diffs), start, tasks (approver transitions) and
 * applicant (withdraw, and the administrator's terminate). Every function runs in the caller's
 * transaction.
 */
export * from './context';
export * from './assignees';
export * from './advance';
export * from './revisions';
export * from './start';
export * from './tasks';
export * from './applicant';
export * from './end-hooks';
export * from './time-limits';
