import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { badInput } from '@/server/errors';
import type { PickContext } from '../contract';

/**
 * Who may be picked in a context: every given constraint applies (an absent one does not limit).
 * Only active accounts are ever picked.
 */
export interface PickScope {
  kinds?: ('student' | 'staff' | 'admin')[];
  /** These departments and every department below them. */
  departmentIds?: number[];
  /** Holders of any of these roles (by code). */
  roleCodes?: string[];
  userIds?: number[];
}

/**
 * Answers the scope of a context for this caller, or throws (403 when the caller may not pick
 * there, 404 when the form, approval or task is gone, 400 when the field is not a user field).
 */
export type PickScopeResolver<K extends PickContext['kind']> = (
  db: Db,
  auth: AuthContext,
  context: Extract<PickContext, { kind: K }>,
) => Promise<PickScope>;

// The module that owns a context (forms, workflow) registers its resolver when its plugin
// starts, so this module never imports them. Registering again replaces.
const resolvers = new Map<string, (db: Db, auth: AuthContext, context: PickContext) => Promise<PickScope>>();

export function registerPickScope<K extends PickContext['kind']>(kind: K, resolver: PickScopeResolver<K>): void {
  // The map is keyed by kind, so a context reaching this resolver is always of kind K.
  resolvers.set(kind, (db, auth, c) => resolver(db, auth, c as Extract<PickContext, { kind: K }>));
}

export async function resolvePickScope(db: Db, auth: AuthContext, context: PickContext): Promise<PickScope> {
  const resolver = resolvers.get(context.kind);
  if (!resolver) throw badInput('不支持在此处选择人员', { field: 'context' });
  return resolver(db, auth, context);
}
