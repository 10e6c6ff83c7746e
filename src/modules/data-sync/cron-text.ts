import { Cron } from 'croner';

/**
 * A five-field cron expression in words (Chinese), for the schedule's preview: the common shapes
 * by name, anything else by its next runs only. Null when the expression is not usable.
 */
export function describeCron(expr: string): string | null {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5 || !nextRuns(expr, 1).length) return null;
  const [min, hour, day, month, week] = f as [string, string, string, string, string];
  const num = (s: string) => /^\d+$/.test(s);
  const at = () => `${hour.padStart(2, '0')}:${min.padStart(2, '0')}`;
  const step = (s: string) => /^\*\/(\d+)$/.exec(s)?.[1];
  if (f.every((x) => x === '*')) return '每分钟';
  if (step(min) && [hour, day, month, week].every((x) => x === '*')) return `每 ${step(min)} 分钟`;
  if (num(min) && hour === '*' && day === '*' && month === '*' && week === '*') return `每小时第 ${min} 分`;
  if (num(min) && step(hour) && day === '*' && month === '*' && week === '*')
    return `每 ${step(hour)} 小时（第 ${min} 分）`;
  if (num(min) && num(hour) && month === '*') {
    if (day === '*' && week === '*') return `每天 ${at()}`;
    if (day === '*' && week === '1-5') return `每个工作日 ${at()}`;
    if (day === '*' && num(week)) return `每周${'日一二三四五六日'[Number(week)]} ${at()}`;
    if (num(day) && week === '*') return `每月 ${day} 日 ${at()}`;
  }
  return '自定义计划';
}

/** The next `n` times the expression fires after `from` (ms, server time as the browser sees it). */
export function nextRuns(expr: string, n: number, from = Date.now()): number[] {
  try {
    return new Cron(expr.trim(), { paused: true }).nextRuns(n, new Date(from)).map((d) => d.getTime());
  } catch {
    return [];
  }
}
