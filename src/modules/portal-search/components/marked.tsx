/** Text with given [start, end) ranges in <mark> (titles: ranges from the server). */
export function Marked({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(([a, b], i) => {
    if (a < at) return;
    if (a > at) parts.push(text.slice(at, a));
    parts.push(<mark key={i}>{text.slice(a, b)}</mark>);
    at = b;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** Where the words of a query occur in a text (snippets: marked on the client). */
export function wordRanges(text: string, query: string): [number, number][] {
  const lower = text.toLowerCase();
  const out: [number, number][] = [];
  for (const w of query.toLowerCase().split(/\s+/).filter(Boolean))
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + w.length)) out.push([i, i + w.length]);
  return out.sort((a, b) => a[0] - b[0]);
}
