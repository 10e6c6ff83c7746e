import type { AuthContext } from '@/server/identity/sessions';
import * as repo from '../repository';

/** A condition on a query joining `form` (as an alias): forms for everyone or naming one of these roles. */
export const audienceAllows = repo.audienceAllows;

/**
 * Who may fill a form by its audience (role codes stored as ',student,'; '' = everyone): the role
 * codes to test for this signed-in user, or 'all' for an administrator (who previews every form).
 */
export async function fillerRoles(
  db: repo.Conn,
  auth: Pick<AuthContext, 'userId' | 'isAdmin'>,
): Promise<readonly string[] | 'all'> {
  return auth.isAdmin ? 'all' : repo.roleCodesOf(db, auth.userId);
}
