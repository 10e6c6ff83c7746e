import { Cron } from 'croner';

/**
 * Cron expressions the runner accepts: five fields (minute hour day month weekday) of numbers,
 * `*`, ranges, lists and steps. pg-boss evaluates schedules with cron-parser and the SQLite
 * engine with croner; keeping to this common core means both read an expression alike.
 */
const FIELD = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/;

/** Null when the expression is usable, else what is wrong with it (for an Error's message). */
export function cronProblem(expr: string): string | null {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 5) return 'a cron expression has five fields: minute hour day month weekday';
  if (!fields.every((f) => FIELD.test(f))) return 'cron fields may only hold numbers, *, ranges, lists and steps';
  try {
    new Cron(expr, { paused: true });
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The first slot strictly after `after` (server time), or null when the expression never fires again. */
export function nextSlot(expr: string, after: number): number | null {
  return new Cron(expr, { paused: true }).nextRun(new Date(after))?.getTime() ?? null;
}

/** The server's time zone: schedules are read in it on both engines (a backup "at 2 o'clock" is local). */
export const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
