import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { badInput, conflict, notFound } from '@/server/errors';
import { cronProblem } from './cron';
import type { JobDefinition } from './types';

/** '<module>.<job>': lower case, a dot between; pg-boss takes it as the queue name as it is. */
export const JOB_NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;
export const DEFAULT_TIMEOUT_MS = 15 * 60_000;
const MAX_RETRIES = 20;

/** The jobs the modules defined, by name, and the checks every payload passes. */
export class JobRegistry {
  private readonly defs = new Map<string, JobDefinition>();

  define<S extends TSchema>(def: JobDefinition<S>): void {
    if (!JOB_NAME.test(def.name)) throw new Error(`job name "${def.name}" must look like "module.job" (a-z, 0-9, -)`);
    if (this.defs.has(def.name)) throw new Error(`job "${def.name}" is defined twice`);
    if (def.cron !== undefined) {
      const problem = typeof def.cron === 'string' ? cronProblem(def.cron) : null;
      if (problem) throw new Error(`job "${def.name}": ${problem}`);
      if (!Value.Check(def.payload, Value.Default(def.payload, {})))
        throw new Error(`job "${def.name}" has a schedule, so its payload must accept {}`);
    }
    const r = def.retry;
    if (r && (!Number.isInteger(r.limit) || r.limit < 0 || r.limit > MAX_RETRIES || !(r.backoffMs >= 0)))
      throw new Error(`job "${def.name}": retry.limit is 0–${MAX_RETRIES} and retry.backoffMs ≥ 0`);
    this.defs.set(def.name, def as unknown as JobDefinition);
  }

  get(name: string): JobDefinition {
    const def = this.defs.get(name);
    if (!def) throw notFound(`任务不存在：${name}`);
    return def;
  }

  all(): JobDefinition[] {
    return [...this.defs.values()];
  }

  /** The payload with its schema's defaults, or 400 naming the first wrong field. */
  payloadOf(def: JobDefinition, payload: unknown): unknown {
    const value = Value.Default(def.payload, Value.Clone(payload));
    if (Value.Check(def.payload, value)) return value;
    const first = [...Value.Errors(def.payload, value)][0];
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'payload';
    throw badInput(`任务「${def.title}」的参数不正确：${field} ${first?.message ?? ''}`.trim(), { field });
  }

  /** The payload a schedule or 立即运行 starts with: `{}` after defaults; a job that needs more cannot run now. */
  emptyPayloadOf(def: JobDefinition): unknown {
    const value = Value.Default(def.payload, {});
    if (!Value.Check(def.payload, value))
      throw conflict(`任务「${def.title}」需要参数，只能由业务模块提交，不能立即运行`);
    return value;
  }
}
