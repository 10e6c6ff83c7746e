import { useMemo } from 'react';
import { Background, MarkerType, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { HistoryItem, InstanceStatus, InstanceTask, ProcessDefinition } from '../contract';
import s from './flow-chart.module.css';

// Kit-free (no antd, no antd-mobile): the phone's mobileFlowChart draws the same chart.

export type NodeProgress = 'done' | 'current' | 'returned' | 'notStarted';
export const PROGRESS_LABELS: Record<NodeProgress, string> = { done: '已完成', current: '进行中', returned: '已退回', notStarted: '未开始' };

export interface FlowProgressInput {
  definition: ProcessDefinition;
  currentNodes: string[];
  status: InstanceStatus;
  tasks: Pick<InstanceTask, 'nodeId' | 'status'>[];
  history: Pick<HistoryItem, 'nodeId' | 'action'>[];
}

/** Where each node stands: what ran (history and tasks), where it waits now (currentNodes). */
export function nodeProgress({ definition, currentNodes, status, tasks, history }: FlowProgressInput): Record<string, NodeProgress> {
  const out: Record<string, NodeProgress> = {};
  const ran = new Set<string>();
  for (const h of history) if (['submit', 'resubmit', 'approve', 'copy', 'skip', 'finish', 'editApplied'].includes(h.action)) ran.add(h.nodeId);
  for (const t of tasks) if (t.status === 'approved') ran.add(t.nodeId);
  const current = new Set(currentNodes);
  // Returned to the applicant: the node that sent it back is marked, the rest keeps what ran.
  const lastReturn = [...history].reverse().find((h) => h.action === 'return' || h.action === 'reject');
  for (const n of definition.nodes) {
    if (n.type === 'start') out[n.id] = 'done';
    else if (current.has(n.id) && status === 'running') out[n.id] = 'current';
    else if (n.type === 'end') out[n.id] = status === 'approved' ? 'done' : 'notStarted';
    else if ((status === 'returned' || status === 'rejected') && lastReturn?.nodeId === n.id) out[n.id] = 'returned';
    else out[n.id] = ran.has(n.id) ? 'done' : 'notStarted';
  }
  return out;
}

/** Designer positions when the document has them, else layers by longest path from the start. */
function positions(def: ProcessDefinition): Record<string, { x: number; y: number }> {
  if (def.nodes.every((n) => typeof n.x === 'number' && typeof n.y === 'number')) {
    return Object.fromEntries(def.nodes.map((n) => [n.id, { x: n.x!, y: n.y! }]));
  }
  const depth: Record<string, number> = {};
  const start = def.nodes.find((n) => n.type === 'start')?.id ?? def.nodes[0].id;
  depth[start] = 0;
  // The checker refuses cycles, so relaxing edges |nodes| times settles the longest paths.
  for (let i = 0; i < def.nodes.length; i++) {
    let changed = false;
    for (const e of def.edges) {
      if (depth[e.from] === undefined) continue;
      const d = depth[e.from] + 1;
      if ((depth[e.to] ?? -1) < d) { depth[e.to] = d; changed = true; }
    }
    if (!changed) break;
  }
  const rows: Record<number, string[]> = {};
  for (const n of def.nodes) (rows[depth[n.id] ?? 0] ??= []).push(n.id);
  const out: Record<string, { x: number; y: number }> = {};
  for (const [d, ids] of Object.entries(rows)) {
    ids.forEach((id, i) => { out[id] = { x: (i - (ids.length - 1) / 2) * 200, y: Number(d) * 100 }; });
  }
  return out;
}

export interface FlowChartProps extends FlowProgressInput {
  height?: number;
}

/** The process read-only, each node coloured by its progress (legend below the chart). */
export function FlowChart({ height = 420, definition, currentNodes, status, tasks, history }: FlowChartProps) {
  const progress = useMemo(
    () => nodeProgress({ definition, currentNodes, status, tasks, history }),
    [definition, currentNodes, status, tasks, history],
  );
  const { nodes, edges } = useMemo(() => {
    const pos = positions(definition);
    const names = Object.fromEntries(definition.nodes.flatMap((n) => (n.branches ?? []).map((b) => [b.id, b.name])));
    const nodes: Node[] = definition.nodes.map((n) => ({
      id: n.id,
      position: pos[n.id],
      data: { label: <span data-node={n.id} data-progress={progress[n.id]} title={PROGRESS_LABELS[progress[n.id]]}>{n.name || n.id}</span> },
      className: `${s.node} ${s[progress[n.id]]}`,
      type: n.type === 'start' ? 'input' : n.type === 'end' ? 'output' : 'default',
    }));
    const edges: Edge[] = definition.edges.map((e, i) => ({
      id: `${e.from}-${e.to}-${i}`,
      source: e.from,
      target: e.to,
      label: e.branch ? (e.branch === 'default' ? '其他' : names[e.branch] ?? e.branch) : undefined,
      animated: progress[e.to] === 'current',
      markerEnd: { type: MarkerType.ArrowClosed },
    }));
    return { nodes, edges };
  }, [definition, progress]);

  return (
    <div className={s.wrap}>
      <div style={{ height }} className={s.canvas}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          fitView
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          minZoom={0.3}
        >
          <Background />
        </ReactFlow>
      </div>
      <div className={s.legend} aria-label="图例">
        {(['done', 'current', 'returned', 'notStarted'] as const).map((p) => (
          <span key={p} className={s.legendItem}><i className={`${s.swatch} ${s[p]}`} />{PROGRESS_LABELS[p]}</span>
        ))}
      </div>
    </div>
  );
}
