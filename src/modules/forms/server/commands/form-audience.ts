import type { AuthContext } from '@/server/identity/sessions';
import * as access from '../fill-access';
import type * as repo from '../repository';

/**
 * A condition on a query joining `form` (as an alias): forms for everyone, or with an audience rule
 * (role, department, class, platform or list) this person matches — the workflow's 办事服务 asks it.
 */
export const audienceAllows = access.audienceAllows;
export type Filler = access.Filler;

/** Who is asking, as the audience rules see them: roles, department chain, platforms ('all' for an administrator). */
export function fillerRoles(db: repo.Conn, auth: Pick<AuthContext, 'userId' | 'isAdmin'>): Promise<Filler> {
  return access.fillerOf(db, auth);
}

/** Whether this person may fill this form (its audience only; the window and limits are the fill routes'). */
export const fillerMayFill = access.fillerMayFill;
