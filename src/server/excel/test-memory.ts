/**
 * Test-only: runs `fn` while sampling the process's resident memory every 2 ms and answers the
 * largest growth over the start, in MB (what an out-of-memory crash would have shown first).
 */
export async function peakRssGrowthMb(fn: () => Promise<unknown>): Promise<number> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 2);
  try {
    await fn();
  } finally {
    clearInterval(timer);
    sample();
  }
  return (peak - start) / 1024 / 1024;
}
