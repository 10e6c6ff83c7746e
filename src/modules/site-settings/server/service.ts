import type { Db } from '@/server/db/dialect';
import type { AuthContext } from '@/server/identity/sessions';
import { audit } from '@/server/identity/audit';
import { badInput, notFound } from '@/server/errors';
import type { ModuleCatalog } from '@/shared/module';
import { Value } from 'typebox/value';
import {
  DEFAULT_HOME_MODULES,
  HOME_MODULE_KINDS,
  HOME_MODULE_SCHEMAS,
  type HomeModule,
  type HomeModules,
  type SaveHomeModulesBody,
  type Shortcut,
} from '../contract';
import { platformExists, readHomeModules, writeHomeModules } from './repository';

/** Pages a shortcut may open: every route of the app without parameters. */
const routePaths = (catalog: ModuleCatalog) =>
  new Set(catalog.routes.filter((r) => !r.path.includes(':')).map((r) => r.path));

async function checkScope(db: Db, scope: string): Promise<void> {
  if (scope !== 'visitor' && !(await platformExists(db, Number(scope)))) throw notFound('平台不存在');
}

/**
 * A scope's modules: its own list, else (a platform) the visitor home's, else today's default
 * look. The homes read this without a session.
 */
export async function homeModules(db: Db, scope: string): Promise<HomeModules> {
  await checkScope(db, scope);
  const own = await readHomeModules(db, scope);
  if (own) return { scope, own: true, modules: own };
  const visitor = scope === 'visitor' ? undefined : await readHomeModules(db, 'visitor');
  return { scope, own: false, modules: visitor ?? DEFAULT_HOME_MODULES };
}

function checkShortcuts(items: Shortcut[], at: string, paths: Set<string>): Shortcut[] {
  return items.map((it, j) => {
    const field = `${at}.items.${j}`;
    const path = it.path.trim();
    if (!!path === !!it.url) throw badInput('服务直通车需填写站内页面或外部链接（二选一）', { field: `${field}.path` });
    if (path && !paths.has(path)) throw badInput(`页面 ${path} 不存在`, { field: `${field}.path` });
    return { title: it.title.trim(), icon: it.icon, path, url: it.url };
  });
}

/** Beyond the schema: each kind at most once (shortcut groups excepted) and shortcuts that lead somewhere real. */
export function checkModules(modules: HomeModule[], catalog: ModuleCatalog): HomeModule[] {
  const seen = new Set<string>();
  const paths = routePaths(catalog);
  return modules.map((m, i) => {
    const at = `modules.${i}`;
    const schema = HOME_MODULE_SCHEMAS[m.kind];
    if (!Value.Check(schema, m)) {
      const first = [...Value.Errors(schema, m)][0];
      const path = (first?.instancePath ?? '').replace(/\//g, '.');
      throw badInput(`参数 ${at}${path} 不合法：${first?.message ?? ''}`, { field: `${at}${path}` });
    }
    const spec = HOME_MODULE_KINDS.find((k) => k.kind === m.kind)!;
    if (!spec.repeatable && seen.has(m.kind))
      throw badInput(`模块「${spec.label}」只能出现一次`, { field: `${at}.kind` });
    seen.add(m.kind);
    if (m.kind === 'shortcuts' || m.kind === 'topAffairs')
      return { ...m, title: m.title.trim(), items: checkShortcuts(m.items, at, paths) };
    if (m.kind === 'notices' || m.kind === 'news' || m.kind === 'hotQuestions' || m.kind === 'specialServices')
      return { ...m, title: m.title.trim() };
    if (m.kind === 'banner') return { ...m, title: m.title.trim(), subtitle: m.subtitle.trim() };
    return m;
  });
}

export async function saveHomeModules(
  db: Db,
  auth: AuthContext,
  body: SaveHomeModulesBody,
  ip: string,
  catalog: ModuleCatalog,
): Promise<HomeModules> {
  const modules = checkModules(body.modules, catalog);
  await checkScope(db, body.scope);
  await db.transaction().execute(async (trx) => {
    await writeHomeModules(trx, body.scope, modules);
    await audit(trx, {
      action: 'homepage_modules_saved',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.username,
      target: `homepage:${body.scope}`,
      detail: modules.map((m) => m.kind).join(','),
      ip,
    });
  });
  return { scope: body.scope, own: true, modules };
}
