import { richTextToPlain } from '@/server/rich-text/sanitize';
import { indexSearchDocs, removeSearchDocs } from '@/modules/portal-search/server/commands/search-index';
import { AUDIENCE_LABELS, MODE_LABELS, itemPath, specialPath, type Rule, type Step } from '../contract';
import type { Conn, ItemRow } from './repository';
import { audiencesOf } from './repository';
import { modesOf } from './commands/items';
import { ruleAudience } from './viewer';

/**
 * The service hall's part of the portal search: a published item (kind 'item') and a published
 * special service (kind 'special'), indexed in the caller's transaction; anything else removed.
 */
const steps = (text: string): Step[] => {
  try {
    return JSON.parse(text) as Step[];
  } catch {
    return [];
  }
};

export async function indexItem(db: Conn, row: ItemRow, rules: { see: Rule[] }): Promise<void> {
  const materials = (() => {
    try {
      return (JSON.parse(row.materials) as { name: string }[]).map((m) => m.name);
    } catch {
      return [];
    }
  })();
  const body = [
    row.summary,
    richTextToPlain(row.conditions),
    steps(row.steps)
      .map((s) => `${s.title} ${s.description}`)
      .join(' '),
    materials.join(' '),
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, 4000);
  await indexSearchDocs(db, [
    {
      kind: 'item',
      refId: Number(row.id),
      title: row.name,
      body,
      path: itemPath(Number(row.id)),
      audience: rules.see.map(ruleAudience),
      weight: Number(row.useCount),
      tags: [row.theme, ...audiencesOf(row).map((a) => AUDIENCE_LABELS[a]), ...modesOf(row).map((m) => MODE_LABELS[m])],
      departmentName: row.departmentName ?? '',
      updatedAt: Number(row.updatedAt),
    },
  ]);
}

export const unindexItem = (db: Conn, id: number) => removeSearchDocs(db, 'item', [id]);

export async function indexSpecial(
  db: Conn,
  s: { id: number; name: string; summary: string; intro: string; steps: string; updatedAt: number },
): Promise<void> {
  await indexSearchDocs(db, [
    {
      kind: 'special',
      refId: s.id,
      title: s.name,
      body: [
        s.summary,
        richTextToPlain(s.intro),
        steps(s.steps)
          .map((x) => x.title)
          .join(' '),
      ]
        .join('\n')
        .slice(0, 4000),
      path: specialPath(s.id),
      audience: ['public'],
      tags: ['专题服务'],
      updatedAt: s.updatedAt,
    },
  ]);
}

export const unindexSpecial = (db: Conn, id: number) => removeSearchDocs(db, 'special', [id]);
