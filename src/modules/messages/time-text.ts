const pad = (n: number) => String(n).padStart(2, '0');

/** A message's time as the lists show it: today 'HH:mm', this year 'MM-DD HH:mm', else 'YYYY-MM-DD'. */
export function messageTime(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const today = new Date(now);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (d.toDateString() === today.toDateString()) return hm;
  if (d.getFullYear() === today.getFullYear()) return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Where a message's link goes: an in-app path for the router, or nothing. */
export const isInAppLink = (link: string) => /^\/(?!\/)/.test(link);
