import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { badInput } from '@/server/errors';
import { pickKeywordOk, type DirectoryPerson, type DirectoryPickBody } from '../contract';
import { pickPeople } from './repository';
import { resolvePickScope } from './pick-scopes';

/**
 * The people picker of ordinary users: the context's owner decides who may be picked there (and
 * whether this caller may pick there at all); a search needs a keyword, so nobody lists the directory.
 */
export async function pickFromDirectory(
  db: Db,
  auth: AuthContext,
  body: DirectoryPickBody,
): Promise<DirectoryPerson[]> {
  const keyword = body.keyword?.trim() ?? '';
  if (!body.ids && !pickKeywordOk(keyword))
    throw badInput('请输入姓名（至少 1 个汉字）或学工号（至少 2 位）后再搜索', { field: 'keyword' });
  const scope = await resolvePickScope(db, auth, body.context);
  return pickPeople(db, scope, { keyword: keyword || undefined, ids: body.ids });
}
