import { describe, expect, it } from 'vitest';
import type { LayoutGroup } from '@/modules/mobile-layout/contract';
import {
  dragEndAction,
  groupDndId,
  layoutReducer,
  tileDndId,
  toEditor,
  toSaved,
  type EditorGroup,
} from './layout-state';

const tile = (name: string) => ({
  kind: 'menu' as const,
  name,
  url: '',
  title: name,
  icon: 'apps' as const,
  badge: '' as const,
});
const LAYOUT: LayoutGroup[] = [
  { title: '常用', tiles: [tile('a'), tile('b'), tile('c')] },
  { title: '学习', tiles: [tile('d')] },
  { title: '空', tiles: [] },
];
const names = (gs: EditorGroup[]) => gs.map((g) => `${g.title}:${g.tiles.map((t) => t.name).join('')}`);

describe('layout editor state', () => {
  const start = () => layoutReducer([], { type: 'load', groups: LAYOUT });

  it('loads a layout with keys and saves it back without them', () => {
    const s = start();
    expect(s.every((g) => g.key && g.tiles.every((t) => t.key))).toBe(true);
    expect(toSaved(s)).toEqual(LAYOUT);
  });

  it('reorders groups and tiles by drag: group on group, tile on tile, tile on another group', () => {
    let s = start();
    const [g0, g1, g2] = s;
    s = layoutReducer(s, dragEndAction(s, groupDndId(g0!.key), groupDndId(g2!.key))!);
    expect(names(s)).toEqual(['学习:d', '空:', '常用:abc']);
    const common = s[2]!;
    s = layoutReducer(
      s,
      dragEndAction(s, tileDndId(common.key, common.tiles[0]!.key), tileDndId(common.key, common.tiles[2]!.key))!,
    );
    expect(names(s)).toEqual(['学习:d', '空:', '常用:bca']);
    // A tile dropped on a tile of another group takes its place there.
    const b = s[2]!.tiles[0]!;
    s = layoutReducer(s, dragEndAction(s, tileDndId(common.key, b.key), tileDndId(g1!.key, s[0]!.tiles[0]!.key))!);
    expect(names(s)).toEqual(['学习:bd', '空:', '常用:ca']);
    // A tile dropped on an (empty) group's tile area goes to its end.
    s = layoutReducer(s, dragEndAction(s, tileDndId(common.key, s[2]!.tiles[1]!.key), `${groupDndId(g2!.key)}:tiles`)!);
    expect(names(s)).toEqual(['学习:bd', '空:a', '常用:c']);
    expect(dragEndAction(s, groupDndId(g0!.key), null)).toBeNull();
    expect(dragEndAction(s, groupDndId(g0!.key), groupDndId(g0!.key))).toBeNull();
  });

  it('adds, renames, updates and removes', () => {
    let s = start();
    s = layoutReducer(s, { type: 'addGroup', title: '生活' });
    const life = s[3]!;
    s = layoutReducer(s, {
      type: 'addTiles',
      group: life.key,
      tiles: [tile('e'), { ...tile(''), kind: 'link', url: 'https://x.example', title: '外链' }],
    });
    s = layoutReducer(s, { type: 'renameGroup', group: life.key, title: '校园生活' });
    s = layoutReducer(s, {
      type: 'updateTile',
      group: life.key,
      tile: s[3]!.tiles[0]!.key,
      patch: { icon: 'dining', badge: 'messages' },
    });
    expect(toSaved(s)[3]).toEqual({
      title: '校园生活',
      tiles: [
        { ...tile('e'), icon: 'dining', badge: 'messages' },
        { ...tile(''), kind: 'link', url: 'https://x.example', title: '外链' },
      ],
    });
    s = layoutReducer(s, { type: 'removeTile', group: life.key, tile: s[3]!.tiles[0]!.key });
    s = layoutReducer(s, { type: 'removeGroup', group: s[0]!.key });
    expect(names(s)).toEqual(['学习:d', '空:', '校园生活:']);
  });

  it('toEditor gives fresh keys each load', () => {
    const a = toEditor(LAYOUT);
    const b = toEditor(LAYOUT);
    expect(a[0]!.key).not.toBe(b[0]!.key);
  });
});
