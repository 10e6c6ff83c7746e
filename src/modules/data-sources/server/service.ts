import type { FastifyInstance } from 'fastify';
import { badInput, conflict, notFound, AppError } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { Db } from '@/server/db/dialect';
import { Codes } from '@/shared/errors';
import {
  MASK,
  PREVIEW_ROWS,
  type DataSourceItem,
  type DataSourceKind,
  type DataSourceTestResult,
  type DatasetField,
  type DatasetInfo,
  type DatasetItem,
  type DatasetKind,
  type DatasetPreview,
} from '../contract';
import { checkConfig } from './connectors/config-check';
import { INTERACTIVE_LIMITS, withSql, type Limits, type SourceSpec } from './connectors';
import { httpPages } from './connectors/http';
import { checkSpec, detectFields, previewRows, type DatasetSpec } from './reader';
import { dataSourceKey } from './secret-box';
import { open, seal, SecretUnreadableError } from '@/server/secret-box';
import { datasetUsers } from './in-use';
import * as repo from './repository';

/** Who acts: a signed-in person (routes) or null (the system: demo registration, jobs). */
export interface Actor {
  id: number | null;
  name?: string;
  ip?: string | null;
}

const KINDS: readonly DataSourceKind[] = ['postgres', 'mysql', 'sqlite', 'http'];

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/i.test(err.message ?? '');
};

async function actorName(q: Db, actor: Actor): Promise<string> {
  return actor.name ?? (await repo.userName(q, actor.id));
}

async function record(
  app: FastifyInstance,
  actor: Actor,
  action: string,
  target: string,
  detail = '',
  result: 'ok' | 'fail' = 'ok',
) {
  await audit(app.db, {
    action,
    result,
    actorId: actor.id,
    actorName: actor.name ?? null,
    target,
    detail,
    ip: actor.ip ?? null,
  });
}

/* ---------- sources ---------- */

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The source as the connectors see it, secret decrypted (server only). */
export function sourceSpec(app: FastifyInstance, row: repo.SourceRow): SourceSpec {
  let secret: string | null = null;
  if (row.secretEnc) {
    try {
      secret = open(dataSourceKey(app.config), row.secretEnc);
    } catch (e) {
      if (!(e instanceof SecretUnreadableError)) throw e;
      throw new AppError(
        Codes.dataSourceAuthFailed,
        400,
        `数据源“${row.name}”保存的密码无法解密（DATA_SOURCE_KEY 已更换？），请重新填写密码`,
      );
    }
  }
  return { kind: row.kind as DataSourceKind, config: parseJson(row.config, {}), secret };
}

/**
 * Whether two settings point at the same place with the same account. A stored secret is only ever
 * sent there: changing the host, port, database, user or an API's site needs the secret typed again,
 * so nobody can have the platform hand a saved password to another server.
 */
function sameTarget(kind: string, a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (kind === 'http') {
    try {
      const x = new URL(String(a.url));
      const y = new URL(String(b.url));
      return x.origin === y.origin && (a.authHeader ?? '') === (b.authHeader ?? '');
    } catch {
      return false;
    }
  }
  return ['host', 'port', 'database', 'user'].every((k) => a[k] === b[k]);
}

const secretNeeded = (kind: string) => {
  const what = kind === 'http' ? '令牌' : '密码';
  return badInput(`连接的地址或账号已修改，请重新填写${what}（保存的${what}只用于原来的地址）`, { field: 'secret' });
};

export function toSourceItem(row: repo.SourceRow & { datasetCount?: number }): DataSourceItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DataSourceKind,
    config: parseJson(row.config, {}),
    hasSecret: row.secretEnc !== null,
    description: row.description,
    datasetCount: row.datasetCount ?? 0,
    lastTestAt: row.lastTestAt,
    lastTestOk: row.lastTestOk === null ? null : row.lastTestOk === 1,
    lastTestMessage: row.lastTestMessage,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedByName: row.updatedByName,
  };
}

export async function requireSource(q: Db, id: number): Promise<repo.SourceRow> {
  const row = await repo.findSource(q, id);
  if (!row) throw notFound('数据源不存在或已被删除');
  return row;
}

function cleanName(name: string, field = 'name'): string {
  const n = name.trim();
  if (!n) throw badInput('请填写名称', { field });
  if (n.length > 60) throw badInput('名称最多 60 个字', { field });
  return n;
}

export interface SourceInput {
  name: string;
  kind: DataSourceKind;
  config: Record<string, unknown>;
  secret?: string;
  description?: string;
}

export async function createSource(app: FastifyInstance, q: Db, input: SourceInput, actor: Actor): Promise<number> {
  if (!KINDS.includes(input.kind)) throw badInput('数据源类型不正确', { field: 'kind' });
  const name = cleanName(input.name);
  const config = checkConfig(input.kind, input.config);
  if (await repo.findSourceByName(q, name)) throw conflict(`已有名为“${name}”的数据源`);
  const now = Date.now();
  try {
    return await repo.insertSource(q, {
      name,
      kind: input.kind,
      config: JSON.stringify(config),
      secretEnc: input.secret ? seal(dataSourceKey(app.config), input.secret) : null,
      description: input.description?.trim() ?? '',
      lastTestAt: null,
      lastTestOk: null,
      lastTestMessage: '',
      createdAt: now,
      createdBy: actor.id,
      updatedAt: now,
      updatedBy: actor.id,
      updatedByName: await actorName(q, actor),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`已有名为“${name}”的数据源`);
    throw e;
  }
}

export async function createSourceAudited(
  app: FastifyInstance,
  input: SourceInput,
  actor: Actor,
): Promise<DataSourceItem> {
  const id = await createSource(app, app.db, input, actor);
  await record(app, actor, 'data_source_created', `数据源 ${id}`, input.name);
  return toSourceItem(await requireSource(app.db, id));
}

export async function updateSource(
  app: FastifyInstance,
  input: {
    id: number;
    name: string;
    config: Record<string, unknown>;
    secret?: string;
    clearSecret?: boolean;
    description?: string;
  },
  actor: Actor,
): Promise<DataSourceItem> {
  const row = await requireSource(app.db, input.id);
  const name = cleanName(input.name);
  const config = checkConfig(row.kind as DataSourceKind, input.config);
  const other = await repo.findSourceByName(app.db, name);
  if (other && other.id !== row.id) throw conflict(`已有名为“${name}”的数据源`);
  if (!input.secret && !input.clearSecret && row.secretEnc && !sameTarget(row.kind, parseJson(row.config, {}), config))
    throw secretNeeded(row.kind);
  const secretEnc = input.secret
    ? seal(dataSourceKey(app.config), input.secret)
    : input.clearSecret
      ? null
      : row.secretEnc;
  try {
    await repo.updateSource(app.db, row.id, {
      name,
      config: JSON.stringify(config),
      secretEnc,
      description: input.description?.trim() ?? row.description,
      updatedAt: Date.now(),
      updatedBy: actor.id,
      updatedByName: await actorName(app.db, actor),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`已有名为“${name}”的数据源`);
    throw e;
  }
  // Never the secret itself: only whether it changed.
  await record(
    app,
    actor,
    'data_source_updated',
    `数据源 ${row.id}`,
    `${name}${input.secret ? '（更换了密码）' : input.clearSecret ? '（清除了密码）' : ''}`,
  );
  return toSourceItem(await requireSource(app.db, row.id));
}

export async function deleteSource(app: FastifyInstance, id: number, actor: Actor): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const row = await requireSource(trx, id);
    const n = await repo.countDatasetsOf(trx, id);
    if (n > 0) throw conflict(`数据源“${row.name}”还有 ${n} 个数据集在使用，请先删除这些数据集`);
    await repo.deleteSource(trx, id);
  });
  await record(app, actor, 'data_source_deleted', `数据源 ${id}`);
}

/** Opens the source and asks something trivial (version; an HTTP source's first page). */
async function probe(app: FastifyInstance, source: SourceSpec, limits: Limits): Promise<string> {
  if (source.kind === 'http') {
    let rows = 0;
    try {
      for await (const page of httpPages(source, '', limits, { maxRows: 1 })) rows += page.length;
    } catch (e) {
      // A base address that is not itself an endpoint (datasets add their paths) still proves the server answers.
      if (e instanceof AppError && e.code === Codes.dataSourceDatabaseMissing)
        return '接口服务可访问（根地址没有数据，数据集中填写接口路径）';
      throw e;
    }
    return `接口可访问，首页返回 ${rows} 行`;
  }
  return withSql(source, limits, app.config.dataDir, (conn) => conn.version());
}

/**
 * 测试连接: a saved source (its stored settings and secret), or the settings being edited (with
 * the stored secret of `id` when no new one is typed). A saved source keeps the outcome.
 */
export async function testSource(
  app: FastifyInstance,
  body: { id?: number; kind?: DataSourceKind; config?: Record<string, unknown>; secret?: string },
  actor: Actor,
): Promise<DataSourceTestResult> {
  const row = body.id !== undefined ? await requireSource(app.db, body.id) : null;
  let source: SourceSpec;
  if (body.config) {
    const kind = row ? (row.kind as DataSourceKind) : body.kind;
    if (!kind) throw badInput('请选择数据源类型', { field: 'kind' });
    const config = checkConfig(kind, body.config);
    let stored: string | null = null;
    if (row && !body.secret && row.secretEnc) {
      if (!sameTarget(row.kind, parseJson(row.config, {}), config)) throw secretNeeded(row.kind);
      stored = sourceSpec(app, row).secret;
    }
    source = { kind, config, secret: body.secret || stored };
  } else if (row) {
    source = sourceSpec(app, row);
  } else {
    throw badInput('请填写数据源的连接信息', { field: 'config' });
  }
  const started = Date.now();
  // Only a test of the stored settings says something about the saved source.
  const recordOutcome = row && !body.config && !body.secret;
  try {
    const message = await probe(app, source, INTERACTIVE_LIMITS);
    if (recordOutcome)
      await repo.updateSource(app.db, row.id, {
        lastTestAt: Date.now(),
        lastTestOk: 1,
        lastTestMessage: message.slice(0, 300),
      });
    return { ok: true, message, elapsedMs: Date.now() - started };
  } catch (e) {
    if (recordOutcome && e instanceof AppError)
      await repo.updateSource(app.db, row.id, {
        lastTestAt: Date.now(),
        lastTestOk: 0,
        lastTestMessage: e.message.slice(0, 300),
      });
    if (e instanceof AppError)
      await record(
        app,
        actor,
        'data_source_test_failed',
        row ? `数据源 ${row.id}` : '未保存的数据源',
        e.message,
        'fail',
      );
    throw e;
  }
}

export async function sourceTables(app: FastifyInstance, id: number): Promise<string[]> {
  const row = await requireSource(app.db, id);
  const source = sourceSpec(app, row);
  if (source.kind === 'http') return [];
  return withSql(source, INTERACTIVE_LIMITS, app.config.dataDir, (conn) => conn.listTables());
}

/* ---------- datasets ---------- */

export function toDatasetItem(row: repo.DatasetWithSource): DatasetItem {
  return {
    id: row.id,
    name: row.name,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    sourceKind: row.sourceKind as DataSourceKind,
    kind: row.kind as DatasetKind,
    table: row.tableName,
    sql: row.sqlText,
    description: row.description,
    fields: parseJson<DatasetField[]>(row.fields, []),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedByName: row.updatedByName,
  };
}

export async function requireDataset(q: Db, id: number): Promise<repo.DatasetWithSource> {
  const row = await repo.findDataset(q, id);
  if (!row) throw notFound('数据集不存在或已被删除');
  return row;
}

const specOf = (input: { kind: DatasetKind; table?: string; sql?: string }): DatasetSpec => ({
  kind: input.kind,
  table: input.kind === 'table' ? (input.table ?? '').trim() : '',
  sql: input.kind === 'query' ? (input.sql ?? '').trim() : '',
});

/** Field list checks: unique, non-empty names; labels default to the name. */
function cleanFields(fields: readonly DatasetField[], known?: ReadonlySet<string>): DatasetField[] {
  const seen = new Set<string>();
  return fields.map((f, i) => {
    const name = f.name;
    if (!name) throw badInput('字段名不能为空', { field: `fields.${i}.name` });
    if (seen.has(name)) throw badInput(`字段 ${name} 重复`, { field: `fields.${i}.name` });
    if (known && !known.has(name)) throw badInput(`数据源的结果中没有字段 ${name}`, { field: `fields.${i}.name` });
    seen.add(name);
    return {
      name,
      label: f.label.trim() || name,
      type: f.type,
      sensitive: !!f.sensitive,
      description: f.description.trim(),
    };
  });
}

export async function detect(
  app: FastifyInstance,
  sourceId: number,
  input: { kind: DatasetKind; table?: string; sql?: string },
) {
  const source = sourceSpec(app, await requireSource(app.db, sourceId));
  const spec = specOf(input);
  checkSpec(source.kind, spec);
  return detectFields(source, spec, INTERACTIVE_LIMITS, app.config.dataDir);
}

export interface DatasetInput {
  sourceId: number;
  name: string;
  kind: DatasetKind;
  table?: string;
  sql?: string;
  description?: string;
  fields?: DatasetField[];
}

export async function createDataset(app: FastifyInstance, q: Db, input: DatasetInput, actor: Actor): Promise<number> {
  const name = cleanName(input.name);
  if (input.kind !== 'table' && input.kind !== 'query') throw badInput('数据集类型不正确', { field: 'kind' });
  const sourceRow = await requireSource(q, input.sourceId);
  const spec = specOf(input);
  checkSpec(sourceRow.kind as DataSourceKind, spec);
  if (await repo.findDatasetByName(q, name)) throw conflict(`已有名为“${name}”的数据集`);
  // Given fields are trusted to match the source (the demo's registration, the form after 识别字段); else detected.
  const fields = input.fields?.length
    ? cleanFields(input.fields)
    : await detectFields(sourceSpec(app, sourceRow), spec, INTERACTIVE_LIMITS, app.config.dataDir);
  const now = Date.now();
  try {
    return await repo.insertDataset(q, {
      sourceId: sourceRow.id,
      name,
      kind: spec.kind,
      tableName: spec.table,
      sqlText: spec.sql,
      description: input.description?.trim() ?? '',
      fields: JSON.stringify(fields),
      createdAt: now,
      createdBy: actor.id,
      updatedAt: now,
      updatedBy: actor.id,
      updatedByName: await actorName(q, actor),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`已有名为“${name}”的数据集`);
    throw e;
  }
}

export async function createDatasetAudited(
  app: FastifyInstance,
  input: DatasetInput,
  actor: Actor,
): Promise<DatasetItem> {
  const id = await createDataset(app, app.db, input, actor);
  await record(app, actor, 'dataset_created', `数据集 ${id}`, input.name);
  return toDatasetItem(await requireDataset(app.db, id));
}

export async function updateDataset(
  app: FastifyInstance,
  input: {
    id: number;
    name: string;
    kind: DatasetKind;
    table?: string;
    sql?: string;
    description?: string;
    fields: DatasetField[];
  },
  actor: Actor,
): Promise<DatasetItem> {
  const row = await requireDataset(app.db, input.id);
  const name = cleanName(input.name);
  const spec = specOf(input);
  const changed = spec.kind !== row.kind || spec.table !== row.tableName || spec.sql !== row.sqlText;
  let known: Set<string>;
  if (changed) {
    // A new table or statement is asked of the source again: the fields must be what it answers.
    checkSpec(row.sourceKind as DataSourceKind, spec);
    const source = sourceSpec(app, await requireSource(app.db, row.sourceId));
    known = new Set((await detectFields(source, spec, INTERACTIVE_LIMITS, app.config.dataDir)).map((f) => f.name));
  } else {
    known = new Set(parseJson<DatasetField[]>(row.fields, []).map((f) => f.name));
  }
  const fields = cleanFields(input.fields, known);
  const other = await repo.findDatasetByName(app.db, name);
  if (other && other.id !== row.id) throw conflict(`已有名为“${name}”的数据集`);
  try {
    await repo.updateDataset(app.db, row.id, {
      name,
      kind: spec.kind,
      tableName: spec.table,
      sqlText: spec.sql,
      description: input.description?.trim() ?? row.description,
      fields: JSON.stringify(fields),
      updatedAt: Date.now(),
      updatedBy: actor.id,
      updatedByName: await actorName(app.db, actor),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`已有名为“${name}”的数据集`);
    throw e;
  }
  await record(app, actor, 'dataset_updated', `数据集 ${row.id}`, name);
  return toDatasetItem(await requireDataset(app.db, row.id));
}

export async function deleteDataset(app: FastifyInstance, id: number, actor: Actor): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const row = await requireDataset(trx, id);
    const users = await datasetUsers(app, trx, id);
    if (users.length) throw conflict(`数据集“${row.name}”正在被${users.join('、')}使用，请先删除或修改它们`);
    await repo.deleteDataset(trx, id);
  });
  await record(app, actor, 'dataset_deleted', `数据集 ${id}`);
}

/**
 * The first rows of a saved dataset (id) or of the form being edited (its spec and fields).
 * Sensitive fields are masked unless an administrator asks to reveal them; every reveal is audited.
 */
export async function preview(
  app: FastifyInstance,
  body: {
    id?: number;
    sourceId?: number;
    kind?: DatasetKind;
    table?: string;
    sql?: string;
    fields?: DatasetField[];
    reveal?: boolean;
  },
  actor: Actor & { isAdmin: boolean },
): Promise<DatasetPreview> {
  let sourceRow: repo.SourceRow;
  let spec: DatasetSpec;
  let fields: DatasetField[] | undefined;
  let target: string;
  if (body.id !== undefined) {
    const row = await requireDataset(app.db, body.id);
    sourceRow = await requireSource(app.db, row.sourceId);
    spec = { kind: row.kind as DatasetKind, table: row.tableName, sql: row.sqlText };
    fields = parseJson<DatasetField[]>(row.fields, []);
    target = `数据集 ${row.id}`;
  } else {
    if (body.sourceId === undefined || !body.kind) throw badInput('请选择数据源和数据集类型', { field: 'sourceId' });
    sourceRow = await requireSource(app.db, body.sourceId);
    spec = specOf({ kind: body.kind, table: body.table, sql: body.sql });
    fields = body.fields?.length ? cleanFields(body.fields) : undefined;
    target = `数据源 ${sourceRow.id}`;
  }
  const source = sourceSpec(app, sourceRow);
  checkSpec(source.kind, spec);
  const started = Date.now();
  fields ??= await detectFields(source, spec, INTERACTIVE_LIMITS, app.config.dataDir);
  const rows = await previewRows(source, spec, fields, PREVIEW_ROWS, INTERACTIVE_LIMITS, app.config.dataDir);
  const reveal = !!body.reveal;
  if (reveal && !actor.isAdmin) throw new AppError(Codes.noPermission, 403, '只有系统管理员可以查看敏感字段');
  const sensitive = fields.filter((f) => f.sensitive).map((f) => f.name);
  if (reveal && sensitive.length) await record(app, actor, 'dataset_sensitive_revealed', target, sensitive.join(','));
  const masked = !reveal && sensitive.length > 0;
  return {
    fields,
    rows: masked
      ? rows.map((r) => {
          const out = { ...r };
          for (const name of sensitive) if (out[name] !== null) out[name] = MASK;
          return out;
        })
      : rows,
    masked,
    elapsedMs: Date.now() - started,
  };
}

/** The dataset as other modules see it (commands/datasets.ts). */
export async function datasetInfo(q: Db, id: number): Promise<DatasetInfo | undefined> {
  const row = await repo.findDataset(q, id);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    fields: parseJson(row.fields, []),
  };
}
