import type {
  ConditionBranch,
  NodeType,
  ProcessDefinition,
  ProcessEdge,
  ProcessNode,
} from '@/modules/workflow/contract';
import { NODE_TYPE_LABELS } from '@/modules/workflow/contract';

/**
 * The designer's edits on the process document itself (the document is the only state; the
 * canvas is drawn from it). Each edit answers the next document, or a Chinese reason it refuses.
 */

export type Edit = { def: ProcessDefinition; error?: undefined } | { def?: undefined; error: string };

const SINGLE_OUT: readonly NodeType[] = ['start', 'approval', 'copy', 'join', 'timer'];
export const ADDABLE: readonly NodeType[] = ['approval', 'copy', 'condition', 'parallel', 'join', 'timer', 'end'];
const MAX_NODES = 200;

export const edgeKey = (e: ProcessEdge) => `${e.from}->${e.to}${e.branch ? `#${e.branch}` : ''}`;

function freshId(def: ProcessDefinition, prefix: string): string {
  const ids = new Set(def.nodes.map((n) => n.id));
  for (let i = 1; ; i++) if (!ids.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

/** A new node of this type with the settings it needs, placed at `at` (the visible middle) or under the lowest node. */
export function addNode(def: ProcessDefinition, type: NodeType, at?: { x: number; y: number }): Edit {
  if (type === 'start') return { error: '流程只能有一个开始节点' };
  if (def.nodes.length >= MAX_NODES) return { error: `节点不能超过 ${MAX_NODES} 个` };
  const id = freshId(def, type);
  const lowest = Math.max(0, ...def.nodes.map((n) => n.y ?? 0));
  const node: ProcessNode = {
    id,
    type,
    name: NODE_TYPE_LABELS[type],
    x: Math.round(at?.x ?? 0),
    y: Math.round(at?.y ?? lowest + 120),
  };
  if (type === 'approval') Object.assign(node, { signMode: 'any', noAssignee: 'admin' });
  if (type === 'condition') node.branches = [];
  if (type === 'join') {
    // The newest parallel node without a join is the one it most likely closes.
    const joined = new Set(def.nodes.filter((n) => n.type === 'join').map((n) => n.splitId));
    const open = def.nodes.filter((n) => n.type === 'parallel' && !joined.has(n.id)).at(-1);
    if (open) node.splitId = open.id;
  }
  return { def: { ...def, nodes: [...def.nodes, node] } };
}

/**
 * A line from one node to another. Out of a condition it takes the first branch without a
 * line, then the default; nodes that go on one way only get one line.
 */
export function connect(def: ProcessDefinition, from: string, to: string): Edit {
  const src = def.nodes.find((n) => n.id === from);
  const dst = def.nodes.find((n) => n.id === to);
  if (!src || !dst) return { error: '连线的节点不存在' };
  if (from === to) return { error: '节点不能连向自己' };
  if (src.type === 'end') return { error: '结束节点不能有后续连线' };
  if (dst.type === 'start') return { error: '开始节点不能有进入的连线' };
  const outs = def.edges.filter((e) => e.from === from);
  if (SINGLE_OUT.includes(src.type) && outs.length)
    return { error: `节点「${src.name || src.id}」只能有一条后续连线，请先删除原来的连线（分支请用条件或并行节点）` };
  if (src.type !== 'condition' && outs.some((e) => e.to === to)) return { error: '这两个节点之间已有连线' };
  const edge: ProcessEdge = { from, to };
  if (src.type === 'condition') {
    const free = (src.branches ?? []).find((b) => !outs.some((e) => e.branch === b.id));
    if (free) edge.branch = free.id;
    else if (!outs.some((e) => e.branch === 'default')) edge.branch = 'default';
    else return { error: `条件节点「${src.name || src.id}」的分支都已连线，请先在右侧添加分支` };
  }
  return { def: { ...def, edges: [...def.edges, edge] } };
}

/** Removes nodes (with their lines) and lines; the start node stays. */
export function remove(def: ProcessDefinition, nodeIds: string[], edgeKeys: string[] = []): Edit {
  const start = def.nodes.find((n) => n.type === 'start');
  if (start && nodeIds.includes(start.id)) return { error: '开始节点不能删除' };
  const gone = new Set(nodeIds);
  const goneEdges = new Set(edgeKeys);
  return {
    def: {
      ...def,
      nodes: def.nodes
        .filter((n) => !gone.has(n.id))
        .map((n) => (n.splitId && gone.has(n.splitId) ? { ...n, splitId: undefined } : n)),
      edges: def.edges.filter((e) => !gone.has(e.from) && !gone.has(e.to) && !goneEdges.has(edgeKey(e))),
    },
  };
}

/** Replaces one node (the side panel's edits); a condition losing a branch loses that branch's line. */
export function updateNode(def: ProcessDefinition, node: ProcessNode): ProcessDefinition {
  let edges = def.edges;
  if (node.type === 'condition') {
    const ids = new Set((node.branches ?? []).map((b) => b.id));
    edges = edges.filter(
      (e) => e.from !== node.id || e.branch === 'default' || (e.branch !== undefined && ids.has(e.branch)),
    );
  }
  return { ...def, nodes: def.nodes.map((n) => (n.id === node.id ? node : n)), edges };
}

export function moveNode(def: ProcessDefinition, id: string, x: number, y: number): ProcessDefinition {
  return { ...def, nodes: def.nodes.map((n) => (n.id === id ? { ...n, x: Math.round(x), y: Math.round(y) } : n)) };
}

/** A new, empty branch of a condition node (its conditions are added in the panel). */
export function newBranch(node: ProcessNode): ConditionBranch {
  const ids = new Set((node.branches ?? []).map((b) => b.id));
  let i = 1;
  while (ids.has(`b${i}`)) i++;
  return { id: `b${i}`, name: `分支 ${i}`, match: 'all', conditions: [] };
}

/** The label a line out of a condition shows. */
export function edgeLabel(def: ProcessDefinition, e: ProcessEdge): string | undefined {
  if (!e.branch) return undefined;
  if (e.branch === 'default') return '默认';
  const src = def.nodes.find((n) => n.id === e.from);
  return src?.branches?.find((b) => b.id === e.branch)?.name || e.branch;
}

/** Where a branch of a condition goes, for the panel ("→ 学院审批"). */
export function branchTarget(def: ProcessDefinition, nodeId: string, branch: string): string | null {
  const e = def.edges.find((x) => x.from === nodeId && x.branch === branch);
  if (!e) return null;
  const n = def.nodes.find((x) => x.id === e.to);
  return n ? n.name || n.id : e.to;
}
