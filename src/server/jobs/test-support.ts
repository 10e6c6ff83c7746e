/** Helpers of the runner's tests that wait on real pg-boss timers. */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A cron expression for the current minute (server time); when this minute is nearly over, the next one's. */
export async function dueMinute(): Promise<{ cron: string }> {
  if (new Date().getSeconds() >= 45) await sleep((61 - new Date().getSeconds()) * 1000);
  const d = new Date();
  return { cron: `${d.getMinutes()} ${d.getHours()} * * *` };
}

export async function waitFor(check: () => Promise<boolean>, limitMs: number): Promise<void> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > limitMs) throw new Error('timed out waiting');
    await sleep(200);
  }
}
