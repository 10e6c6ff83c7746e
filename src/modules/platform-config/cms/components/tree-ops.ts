import type { MenuTreeNode, RouteOption } from '@/modules/platform-config/contract';

/** A menu node in the editor: the saved node plus a key that stays put while it is edited. */
export interface EditorNode extends Omit<MenuTreeNode, 'children'> {
  key: string;
  children: EditorNode[];
}

let counter = 0;
const newKey = () => `new-${++counter}`;

export const toEditor = (nodes: readonly MenuTreeNode[]): EditorNode[] =>
  nodes.map((n) => ({ ...n, key: n.id ? `m${n.id}` : newKey(), children: toEditor(n.children) }));

/** The body the server saves: order of the arrays is the order of the menu. */
export const fromEditor = (nodes: readonly EditorNode[]): MenuTreeNode[] =>
  nodes.map(({ key: _key, children, ...n }, i) => ({ ...n, sort: i + 1, children: fromEditor(children) }));

export const flatten = (nodes: readonly EditorNode[]): EditorNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

export const findNode = (nodes: readonly EditorNode[], key: string): EditorNode | undefined =>
  flatten(nodes).find((n) => n.key === key);

export const isGroup = (n: Pick<MenuTreeNode, 'path'>) => n.path === '';

/**
 * Adds a page for a route: inside `parentKey` when it names a group, else at the top.
 * Refuses a route the tree already has (one node per page: its name is the permission key).
 */
export function addRoute(
  nodes: EditorNode[],
  route: RouteOption,
  parentKey?: string,
): { nodes: EditorNode[]; error?: string; key?: string } {
  if (flatten(nodes).some((n) => n.name === route.name)) return { nodes, error: `「${route.title}」已在菜单中` };
  const node: EditorNode = {
    key: newKey(),
    name: route.name,
    path: route.path,
    title: route.title,
    icon: route.icon,
    sort: 0,
    relationRoutes: [...route.relationRoutes],
    children: [],
  };
  const parent = parentKey ? findNode(nodes, parentKey) : undefined;
  if (parent && isGroup(parent))
    return { nodes: mapNodes(nodes, parent.key, (p) => ({ ...p, children: [...p.children, node] })), key: node.key };
  return { nodes: [...nodes, node], key: node.key };
}

/** A new submenu without a page. */
export function addGroup(nodes: EditorNode[], title: string): { nodes: EditorNode[]; key: string } {
  const key = newKey();
  const node: EditorNode = {
    key,
    name: `group:${Date.now().toString(36)}${counter}`,
    path: '',
    title,
    icon: 'AppstoreOutlined',
    sort: 0,
    relationRoutes: [],
    children: [],
  };
  return { nodes: [...nodes, node], key };
}

export function mapNodes(nodes: EditorNode[], key: string, f: (n: EditorNode) => EditorNode): EditorNode[] {
  return nodes.map((n) => (n.key === key ? f(n) : { ...n, children: mapNodes(n.children, key, f) }));
}

export function removeNode(nodes: EditorNode[], key: string): EditorNode[] {
  return nodes.filter((n) => n.key !== key).map((n) => ({ ...n, children: removeNode(n.children, key) }));
}

/**
 * Moves a node as antd's Tree drop reports it: into `dropKey` (dropToGap false), or before
 * (position -1) or after it among its siblings. A node never moves into its own subtree.
 */
export function moveNode(
  nodes: EditorNode[],
  dragKey: string,
  dropKey: string,
  dropToGap: boolean,
  position: -1 | 1 | 0,
): EditorNode[] {
  const drag = findNode(nodes, dragKey);
  if (!drag || dragKey === dropKey || findNode(drag.children, dropKey)) return nodes;
  const rest = removeNode(nodes, dragKey);
  if (!dropToGap) return mapNodes(rest, dropKey, (p) => ({ ...p, children: [drag, ...p.children] }));
  const place = (list: EditorNode[]): EditorNode[] | null => {
    const i = list.findIndex((n) => n.key === dropKey);
    if (i >= 0) {
      const copy = [...list];
      copy.splice(position === -1 ? i : i + 1, 0, drag);
      return copy;
    }
    for (const [j, n] of list.entries()) {
      const inner = place(n.children);
      if (inner) {
        const copy = [...list];
        copy[j] = { ...n, children: inner };
        return copy;
      }
    }
    return null;
  };
  return place(rest) ?? nodes;
}
