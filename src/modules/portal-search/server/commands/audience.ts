import type { AuthContext } from '@/server/identity/sessions';
import type { Conn } from '../conn';
import { viewerFacts } from '../repository';
import { viewerAudience } from './search-index';

/** The audience keys of the caller of a request (a visitor: only 'public'). */
export async function audienceOfAuth(db: Conn, auth: AuthContext | null | undefined): Promise<string[]> {
  if (!auth) return viewerAudience(null);
  const f = await viewerFacts(db, auth.userId);
  return viewerAudience({ id: auth.userId, ...f, platformId: auth.platformId });
}
