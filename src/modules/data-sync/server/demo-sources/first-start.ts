import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getSetting, putSetting, putSettingOnce } from '@/server/identity/settings';
import { runSyncNow } from '../commands/run-sync-now';
import { generateDemoSources, sourcesDir } from './generate';
import { generateInWorker } from './generate-in-worker';
import { registerDemoSources } from './register';
import type { DemoSize } from './term';

/** Set once the demo's source systems are registered (or being registered by some app server). */
export const DEMO_SOURCES_SETTING = 'dataSync.demoSources';

interface Marker {
  token: string;
  /** generating: only files written so far; registering: the data centre being told; done. */
  state: 'generating' | 'registering' | 'done';
  at: number;
  syncs?: number;
}

/**
 * A server that died while generating (killed, not stopped: a stop waits for it) leaves its marker
 * behind; after this long another start takes over. Nothing is registered yet at that stage.
 */
const STALE_GENERATING_MS = 15 * 60_000;

/** The marker, or undefined when there is none or it is a stale 'generating' one (removed, once). */
async function liveMarker(app: FastifyInstance): Promise<Marker | undefined> {
  const m = await getSetting<Marker>(app.db, DEMO_SOURCES_SETTING);
  if (!m || m.state !== 'generating' || Date.now() - m.at < STALE_GENERATING_MS) return m;
  // Only the marker as read: of two servers taking over, one removes it and both race to claim it.
  await app.db
    .deleteFrom('setting')
    .where('key', '=', DEMO_SOURCES_SETTING)
    .where('value', '=', JSON.stringify(m))
    .execute();
  return undefined;
}

/**
 * Generate the source systems, register them and queue every sync once. Runs once per database:
 * the first server to store the marker does it (others starting together see its token); a
 * failure removes the marker, so the next start tries again, and so does a server that finds a
 * marker left 'generating' by one that died. Answers false when there was nothing
 * to do (not a demo university, or already done).
 */
export async function setUpDemoSources(
  app: FastifyInstance,
  opts: { size: DemoSize; log?: (line: string) => void; inWorker?: boolean },
): Promise<boolean> {
  const log = opts.log ?? ((line: string) => app.log.info(line));
  const hasStudents = await app.db
    .selectFrom('appUser')
    .select('id')
    .where('kind', '=', 'student')
    .limit(1)
    .executeTakeFirst();
  if (!hasStudents || (await liveMarker(app))) return false;
  const token = randomBytes(12).toString('hex');
  const claimed = await putSettingOnce<Marker>(app.db, DEMO_SOURCES_SETTING, {
    token,
    state: 'generating',
    at: Date.now(),
  });
  if (claimed.token !== token) return false;
  try {
    const t = Date.now();
    log('演示数据中心：生成七个源系统（教务、人事薪酬、一卡通、门禁、图书馆、科研、网络信息中心）…');
    const dir = sourcesDir(app.config.dataDir);
    const inline = () => generateDemoSources(app.db, dir, { size: opts.size, log });
    if (!opts.inWorker) await inline();
    else
      await generateInWorker(app.db, dir, { size: opts.size, log }).catch(async (err: unknown) => {
        app.log.warn({ err }, '演示源系统：生成线程不可用，改在主线程生成');
        await inline();
      });
    await putSetting(app.db, DEMO_SOURCES_SETTING, { token, state: 'registering', at: Date.now() } satisfies Marker);
    const syncs = await registerDemoSources(app);
    log(
      `演示数据中心：已登记 7 个数据源、${syncs.length} 个数据集、数据表与同步（${Date.now() - t} ms），开始首次同步`,
    );
    await putSetting(app.db, DEMO_SOURCES_SETTING, {
      token,
      state: 'done',
      at: Date.now(),
      syncs: syncs.length,
    } satisfies Marker);
    // The big event tables last: on SQLite's one runner every other table is filled within seconds.
    for (const s of [...syncs.filter((x) => !x.large), ...syncs.filter((x) => x.large)]) {
      const runId = await runSyncNow(app, s.id, 'first-start');
      log(`演示数据中心：同步「${s.name}」(${s.code}) 已排队，运行编号 ${runId}`);
    }
    return true;
  } catch (e) {
    await app.db.deleteFrom('setting').where('key', '=', DEMO_SOURCES_SETTING).execute();
    throw e;
  }
}

/**
 * The first demo start (DEMO=1): once the server is ready — after first-start.ts has seeded the
 * portal and committed — set up the source systems in the background, so the server answers
 * meanwhile; DEMO_SOURCES chooses the size (full, small) or none (off). Tests (DEMO=0) never get
 * here; they call setUpDemoSources themselves.
 */
export function demoSourcesOnFirstStart(app: FastifyInstance): void {
  let task: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    const size = app.config.demoSources;
    if (!app.config.demo || size === 'off') return;
    task = setUpDemoSources(app, { size, inWorker: true }).catch((err: unknown) =>
      app.log.error({ err }, '演示数据中心初始化失败，下次启动时重试'),
    );
  });
  // Closing waits for it: the database must stay open until the registration has finished.
  app.addHook('onClose', async () => {
    await task;
  });
}
