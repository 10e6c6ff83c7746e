import type { DataSourceItem } from '@/modules/data-sources/contract';

/** Where a source points, in one line (the list's 连接 column). */
export function sourceWhere(s: Pick<DataSourceItem, 'kind' | 'config'>): string {
  const c = s.config;
  if (s.kind === 'sqlite') return `sources/${String(c.file ?? '')}`;
  if (s.kind === 'http') return String(c.url ?? '');
  const schema = s.kind === 'postgres' && c.schema ? `（模式 ${String(c.schema)}）` : '';
  return `${String(c.user ?? '')}@${String(c.host ?? '')}:${String(c.port ?? '')}/${String(c.database ?? '')}${schema}`;
}
