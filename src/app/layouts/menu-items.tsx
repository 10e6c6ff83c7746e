import { useState, type MouseEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { MenuProps } from 'antd';
import type { MenuNode } from '@/shared/menus';
import { MenuIcon } from './menu-icon';

type Item = Required<MenuProps>['items'][number];

/** A node's menu key: its path for a page, its name for a group. */
export const menuKey = (n: MenuNode) => (n.children.length ? `group:${n.name}` : n.path || `group:${n.name}`);

/**
 * A menu tree of the login answer as antd Menu items; top-level nodes get their icon. A page
 * entry's label is a real link (<a href> through react-router's Link, as ant-design-pro does): a
 * new tab, a middle click, copying its address and screen readers work; a plain click stays in
 * the app. Groups stay plain titles.
 */
export function toMenuItems(nodes: readonly MenuNode[], depth = 0): Item[] {
  return nodes.map((n) => ({
    key: menuKey(n),
    label: !n.children.length && n.path ? <Link to={n.path}>{n.title || n.name}</Link> : n.title || n.name,
    icon: depth === 0 ? <MenuIcon name={n.icon} /> : undefined,
    children: n.children.length ? toMenuItems(n.children, depth + 1) : undefined,
  }));
}

interface Entry {
  path: string;
  parents: string[];
  relations: readonly string[];
}

/** Every menu page with the groups above it, in menu order. */
function entries(nodes: readonly MenuNode[], parents: string[] = [], out: Entry[] = []): Entry[] {
  for (const n of nodes) {
    if (n.children.length) entries(n.children, [...parents, menuKey(n)], out);
    else if (n.path) out.push({ path: n.path, parents, relations: n.relationRoutes });
  }
  return out;
}

const segments = (path: string) => path.split('/').filter(Boolean);
const sharedLength = <T,>(a: readonly T[], b: readonly T[]) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * The selected page key and the groups above it, for a path. The longest menu path the path
 * is or lies under wins. A page that is no menu entry (a detail or relation page such as
 * /web/taskCenter/applyForEdit) selects the entry that lists its route name among its
 * relationRoutes (the login answer's own link from a menu page to its sub-pages), else the
 * entry of its folder: the most leading segments in common — at least the area and one folder,
 * never just /web or /cms — then the most leading letters of the next segment
 * (formDesign → formManage), then menu order.
 */
export function menuSelection(
  nodes: readonly MenuNode[],
  pathname: string,
  routeName?: string,
): { selected: string[]; open: string[] } {
  const all = entries(nodes);
  let best: Entry | null = null;
  for (const e of all) {
    if ((pathname === e.path || pathname.startsWith(e.path + '/')) && (!best || e.path.length > best.path.length))
      best = e;
  }
  if (!best && routeName) best = all.find((e) => e.relations.includes(routeName)) ?? null;
  if (!best) {
    const here = segments(pathname);
    let score = [1, 0];
    for (const e of all) {
      const there = segments(e.path);
      const n = sharedLength(here, there);
      const next = sharedLength([...(here[n] ?? '')], [...(there[n] ?? '')]);
      if (n > score[0]! || (n === score[0] && n >= 2 && next > score[1]!)) {
        best = e;
        score = [n, next];
      }
    }
  }
  return best ? { selected: [best.path], open: best.parents } : { selected: [], open: [] };
}

/**
 * The sider's open groups: the user opens and closes them freely, and the groups above a newly
 * selected page open as the selection moves (the state is not only taken once at mount).
 */
export function useOpenKeys(open: readonly string[]): [string[], (keys: string[]) => void] {
  const [keys, setKeys] = useState<string[]>([...open]);
  const [seen, setSeen] = useState(open.join('\n'));
  const now = open.join('\n');
  if (now !== seen) {
    setSeen(now);
    setKeys((cur) => [...cur, ...open.filter((k) => !cur.includes(k))]);
  }
  return [keys, setKeys];
}

/**
 * The sider Menu's onClick: the link inside an entry navigates when it is clicked itself (or
 * Enter is pressed on it); a click or Enter on the rest of the entry (its padding, its icon, the
 * item the arrow keys moved to) navigates here, so the whole row and the keyboard still work.
 */
export function menuClick(navigate: (path: string) => void) {
  return ({ key, domEvent }: { key: string; domEvent: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement> }) => {
    if (key.startsWith('group:')) return;
    const target = domEvent.target as Element | null;
    if (target?.closest?.('a[href]')) return;
    navigate(key);
  };
}
