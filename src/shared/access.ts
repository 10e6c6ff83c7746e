/**
 * What a server route declares about who may call it (DESIGN §5):
 * - 'public': anyone, no token needed;
 * - 'session': any signed-in user or administrator;
 * - 'admin': administrators only (the back office);
 * - { any: [routeName…] }: a signed-in user whose authorised route names (menu names plus
 *   relationRoutes of the current platform, or the cms menu for an administrator) contain one.
 */
export type Access = 'public' | 'session' | 'admin' | { any: readonly string[] };

/** Route names that are public without a token (spec section 6). */
export const PUBLIC_ROUTE_NAMES: readonly string[] = [
  'login',
  'loginAdmin',
  'webHome',
  'webHomeIndex',
  'notFound',
  'notLicense',
  'formWrite',
  'platformSelection',
  'biDetail',
  'home',
  'homeIndex',
  'specialDetails',
  'mobileLogin',
  'mobileFlowChart',
];

/** Pages that stay open without a token (spec section 4). */
export const TOKENLESS_ROUTE_NAMES: readonly string[] = ['feedbackIndex', 'eventServiceIndex', 'dataServiceIndex'];

/** Paths containing these words are public (spec section 6). */
export const PUBLIC_PATH_WORDS: readonly string[] = ['notice', 'news', 'taskHistoricalRecord'];
