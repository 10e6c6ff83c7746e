import type { LayoutGroup, LayoutTile } from '@/modules/mobile-layout/contract';

/** The editor's copy of a layout: every group and tile carries a key for dnd-kit and React. */
export interface EditorTile extends LayoutTile {
  key: string;
}
export interface EditorGroup {
  key: string;
  title: string;
  tiles: EditorTile[];
}

let seq = 0;
const nextKey = (p: string) => `${p}${++seq}`;

export const toEditor = (groups: readonly LayoutGroup[]): EditorGroup[] =>
  groups.map((g) => ({ key: nextKey('g'), title: g.title, tiles: g.tiles.map((t) => ({ ...t, key: nextKey('t') })) }));

/** What save/ receives: the layout without the editor's keys (and without answer-only fields such as `to`). */
export const toSaved = (groups: readonly { title: string; tiles: readonly LayoutTile[] }[]): LayoutGroup[] =>
  groups.map((g) => ({
    title: g.title,
    tiles: g.tiles.map(({ kind, name, url, title, icon, badge }) => ({ kind, name, url, title, icon, badge })),
  }));

export type LayoutAction =
  | { type: 'load'; groups: readonly LayoutGroup[] }
  | { type: 'addGroup'; title: string }
  | { type: 'renameGroup'; group: string; title: string }
  | { type: 'removeGroup'; group: string }
  | { type: 'moveGroup'; from: string; to: string }
  | { type: 'addTiles'; group: string; tiles: readonly LayoutTile[] }
  | { type: 'updateTile'; group: string; tile: string; patch: Partial<LayoutTile> }
  | { type: 'removeTile'; group: string; tile: string }
  /** Move a tile to `index` of group `toGroup` (the same group or another). */
  | { type: 'moveTile'; group: string; tile: string; toGroup: string; index: number };

/** Move one entry of a list from one index to another. */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function layoutReducer(state: EditorGroup[], a: LayoutAction): EditorGroup[] {
  const mapGroup = (key: string, f: (g: EditorGroup) => EditorGroup) => state.map((g) => (g.key === key ? f(g) : g));
  switch (a.type) {
    case 'load':
      return toEditor(a.groups);
    case 'addGroup':
      return [...state, { key: nextKey('g'), title: a.title, tiles: [] }];
    case 'renameGroup':
      return mapGroup(a.group, (g) => ({ ...g, title: a.title }));
    case 'removeGroup':
      return state.filter((g) => g.key !== a.group);
    case 'moveGroup': {
      const from = state.findIndex((g) => g.key === a.from);
      const to = state.findIndex((g) => g.key === a.to);
      return from < 0 || to < 0 || from === to ? state : arrayMove(state, from, to);
    }
    case 'addTiles':
      return mapGroup(a.group, (g) => ({
        ...g,
        tiles: [...g.tiles, ...a.tiles.map((t) => ({ ...t, key: nextKey('t') }))],
      }));
    case 'updateTile':
      return mapGroup(a.group, (g) => ({
        ...g,
        tiles: g.tiles.map((t) => (t.key === a.tile ? { ...t, ...a.patch } : t)),
      }));
    case 'removeTile':
      return mapGroup(a.group, (g) => ({ ...g, tiles: g.tiles.filter((t) => t.key !== a.tile) }));
    case 'moveTile': {
      const source = state.find((g) => g.key === a.group);
      const tile = source?.tiles.find((t) => t.key === a.tile);
      if (!source || !tile || !state.some((g) => g.key === a.toGroup)) return state;
      if (a.group === a.toGroup) {
        const from = source.tiles.indexOf(tile);
        const to = Math.max(0, Math.min(a.index, source.tiles.length - 1));
        return from === to ? state : mapGroup(a.group, (g) => ({ ...g, tiles: arrayMove(g.tiles, from, to) }));
      }
      return state.map((g) => {
        if (g.key === a.group) return { ...g, tiles: g.tiles.filter((t) => t !== tile) };
        if (g.key === a.toGroup) {
          const tiles = [...g.tiles];
          tiles.splice(Math.max(0, Math.min(a.index, tiles.length)), 0, tile);
          return { ...g, tiles };
        }
        return g;
      });
    }
  }
}

// dnd-kit ids: 'group:<key>' for a group, 'tile:<groupKey>:<tileKey>' for a tile.
export const groupDndId = (g: string) => `group:${g}`;
export const tileDndId = (g: string, t: string) => `tile:${g}:${t}`;

function parseId(id: string): { group: string; tile?: string } | null {
  const [kind, group, tile] = id.split(':');
  if (kind === 'group' && group) return { group };
  if (kind === 'tile' && group && tile) return { group, tile };
  return null;
}

/**
 * The action a finished drag asks for (dnd-kit's onDragEnd: active and over ids), or null:
 * a group dropped on a group reorders the groups; a tile dropped on a tile takes its place (in
 * that tile's group); a tile dropped on a group goes to the end of that group.
 */
export function dragEndAction(
  state: readonly EditorGroup[],
  activeId: string,
  overId: string | null,
): LayoutAction | null {
  if (!overId || activeId === overId) return null;
  const active = parseId(activeId);
  const over = parseId(overId);
  if (!active || !over) return null;
  // A group dropped anywhere in another group (its card or one of its tiles) takes that group's place.
  if (!active.tile) return { type: 'moveGroup', from: active.group, to: over.group };
  const target = state.find((g) => g.key === over.group);
  if (!target) return null;
  const index = over.tile ? target.tiles.findIndex((t) => t.key === over.tile) : target.tiles.length;
  if (index < 0) return null;
  return { type: 'moveTile', group: active.group, tile: active.tile, toGroup: over.group, index };
}
