import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema';

/**
 * What happens when a form is submitted, beyond storing it: modules register a hook here (the
 * workflow engine starts an instance for a form bound to a published process), and the form
 * engine runs every hook inside the submission's transaction — so forms never imports them, and a
 * hook that throws rolls the submission back. Hooks are keyed by name: registering again replaces.
 */
export interface FormSubmittedEvent {
  formId: number;
  version: number;
  submissionId: number;
  /** null: an anonymous submission of a public form. */
  submitterId: number | null;
  at: number;
}

/** Where the submitter can follow what the submission started (e.g. the approval's progress). */
export interface FormFollowUp {
  /** An in-app path of the desktop front end. */
  link: string;
  label: string;
}

export type FormSubmittedHook = (
  trx: Transaction<Database>,
  e: FormSubmittedEvent,
) => Promise<FormFollowUp | null | void>;

const hooks = new Map<string, FormSubmittedHook>();

export function onFormSubmitted(name: string, hook: FormSubmittedHook): void {
  hooks.set(name, hook);
}

/** Runs every hook; answers the first follow-up a hook gave (the submit answer passes it on). */
export async function runFormSubmitted(
  trx: Transaction<Database>,
  e: FormSubmittedEvent,
): Promise<FormFollowUp | null> {
  let follow: FormFollowUp | null = null;
  for (const hook of hooks.values()) follow = (await hook(trx, e)) ?? follow ?? null;
  return follow;
}

/**
 * Where a submission stands beyond being stored (e.g. its approval: 审批中 at a node, 已通过,
 * 已退回), for the submitter's 我的提交. Modules register a reader (the workflow engine does),
 * so forms never imports them; the first reader that knows a submission answers for it.
 */
export interface SubmissionStatus {
  /** Shown as the row's status, e.g. 审批中（辅导员审批）. */
  text: string;
  /** How the tag is coloured: processing, success, warning, error or default. */
  tone: 'processing' | 'success' | 'warning' | 'error' | 'default';
  /** An in-app path where the submitter follows it (the approval page). */
  link: string | null;
}

export type SubmissionStatusReader = (
  db: Kysely<Database>,
  submissionIds: number[],
) => Promise<Map<number, SubmissionStatus>>;

const statusReaders = new Map<string, SubmissionStatusReader>();

export function onSubmissionStatus(name: string, reader: SubmissionStatusReader): void {
  statusReaders.set(name, reader);
}

/** Every registered reader's answer for these submissions (one query each, not one per row). */
export async function submissionStatuses(
  db: Kysely<Database>,
  submissionIds: number[],
): Promise<Map<number, SubmissionStatus>> {
  const out = new Map<number, SubmissionStatus>();
  if (!submissionIds.length) return out;
  for (const read of statusReaders.values())
    for (const [id, s] of await read(db, submissionIds)) if (!out.has(id)) out.set(id, s);
  return out;
}
