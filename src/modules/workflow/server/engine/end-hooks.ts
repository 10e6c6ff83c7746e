import type * as repo from '../repository';

/** What a module learns when an instance ends (approved, rejected, terminated or withdrawn). */
export interface InstanceEnd {
  /** The engine's transaction: the module's own writes commit or roll back with the ending. */
  trx: repo.Tx;
  instanceId: number;
  processId: number;
  formId: number;
  submissionId: number;
  applicantId: number;
  status: 'approved' | 'rejected' | 'terminated' | 'withdrawn';
  /** The deciding comment: the rejecting approver's, the administrator's termination reason, else ''. */
  comment: string;
  /** The last actor (approver, administrator, applicant); null when the engine ended it itself. */
  actorId: number | null;
  now: number;
}

export type InstanceEndHook = (e: InstanceEnd) => Promise<void>;

/**
 * Completion hooks, by name (registering a name again replaces it, so building several servers in
 * one process never runs a hook twice). A hook that throws rolls the whole transition back — the
 * approver sees its coded message and nothing is half-done. Keep hooks cheap: they run on every
 * ending (one indexed lookup to decide whether the instance is theirs).
 */
const hooks = new Map<string, InstanceEndHook>();

export function onInstanceEnd(name: string, hook: InstanceEndHook): void {
  hooks.set(name, hook);
}

export async function runEndHooks(e: InstanceEnd): Promise<void> {
  for (const hook of hooks.values()) await hook(e);
}
