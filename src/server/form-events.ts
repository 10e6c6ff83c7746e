import type { Transaction } from 'kysely';
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
