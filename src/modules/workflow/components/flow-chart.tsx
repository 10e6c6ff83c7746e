import { useEffect, useMemo } from 'react';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  useReactFlow,
  useStore,
  useStoreApi,
  type Edge,
  type Node,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { HistoryItem, InstanceStatus, InstanceTask, ProcessDefinition } from '../contract';
import { chartHeight, chartViewport, nodePositions, NODE_SIZE, type Rect } from './flow-chart-frame';
import s from './flow-chart.module.css';

// Kit-free (no antd, no antd-mobile): the phone's mobileFlowChart draws the same chart.

export type NodeProgress = 'done' | 'current' | 'returned' | 'notStarted';
export const PROGRESS_LABELS: Record<NodeProgress, string> = {
  done: '已完成',
  current: '进行中',
  returned: '已退回',
  notStarted: '未开始',
};

export interface FlowProgressInput {
  definition: ProcessDefinition;
  currentNodes: string[];
  status: InstanceStatus;
  tasks: Pick<InstanceTask, 'nodeId' | 'status'>[];
  history: Pick<HistoryItem, 'nodeId' | 'action'>[];
}

/** Where each node stands: what ran (history and tasks), where it waits now (currentNodes). */
export function nodeProgress({
  definition,
  currentNodes,
  status,
  tasks,
  history,
}: FlowProgressInput): Record<string, NodeProgress> {
  const out: Record<string, NodeProgress> = {};
  const ran = new Set<string>();
  for (const h of history)
    if (['submit', 'resubmit', 'approve', 'copy', 'skip', 'finish', 'editApplied'].includes(h.action))
      ran.add(h.nodeId);
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

export interface FlowChartProps extends FlowProgressInput {
  /** Height in pixels of a short process. */
  height?: number;
  /** A longer process grows the chart up to this height (default: no growth). */
  maxHeight?: number;
}

const LABELS = {
  'controls.ariaLabel': '缩放',
  'controls.zoomIn.ariaLabel': '放大',
  'controls.zoomOut.ariaLabel': '缩小',
  'controls.fitView.ariaLabel': '显示全部',
};

/** Sets the first view once the nodes are measured, and again when the frame changes size. */
function Framing({ focus }: { focus: string[] }) {
  // The nodes are controlled without onNodesChange, so their sizes live only in the store's lookup
  // (useNodesInitialized looks at the given nodes and would never turn true).
  const measured = useStore(
    (st) =>
      st.nodeLookup.size > 0 && [...st.nodeLookup.values()].every((n) => !!n.measured.width && !!n.measured.height),
  );
  const width = useStore((st) => st.width);
  const height = useStore((st) => st.height);
  const store = useStoreApi();
  const flow = useReactFlow();
  const focusKey = focus.join(',');
  useEffect(() => {
    if (!measured || !width || !height) return;
    const rects = new Map<string, Rect>(
      [...store.getState().nodeLookup.values()].map((n) => [
        n.id,
        {
          x: n.internals.positionAbsolute.x,
          y: n.internals.positionAbsolute.y,
          width: n.measured.width ?? NODE_SIZE.width,
          height: n.measured.height ?? NODE_SIZE.height,
        },
      ]),
    );
    const ids = focusKey ? focusKey.split(',') : [];
    void flow.setViewport(
      chartViewport(
        [...rects.values()],
        { width, height },
        ids.flatMap((id) => rects.get(id) ?? []),
      ),
    );
  }, [measured, width, height, focusKey, flow, store]);
  return null;
}

/**
 * The process read-only, each node coloured by its progress (legend below the chart). A long
 * process is not shrunk past reading: the chart grows up to maxHeight, then opens on the node
 * it waits at and can be panned or zoomed.
 */
export function FlowChart({
  height = 420,
  maxHeight = height,
  definition,
  currentNodes,
  status,
  tasks,
  history,
}: FlowChartProps) {
  const progress = useMemo(
    () => nodeProgress({ definition, currentNodes, status, tasks, history }),
    [definition, currentNodes, status, tasks, history],
  );
  const pos = useMemo(() => nodePositions(definition), [definition]);
  const { nodes, edges } = useMemo(() => {
    const names = Object.fromEntries(definition.nodes.flatMap((n) => (n.branches ?? []).map((b) => [b.id, b.name])));
    const nodes: Node[] = definition.nodes.map((n) => ({
      id: n.id,
      position: pos[n.id],
      data: {
        label: (
          <span data-node={n.id} data-progress={progress[n.id]} title={PROGRESS_LABELS[progress[n.id]]}>
            {n.name || n.id}
          </span>
        ),
      },
      className: `${s.node} ${s[progress[n.id]]}`,
      type: n.type === 'start' ? 'input' : n.type === 'end' ? 'output' : 'default',
    }));
    const edges: Edge[] = definition.edges.map((e, i) => ({
      id: `${e.from}-${e.to}-${i}`,
      source: e.from,
      target: e.to,
      label: e.branch ? (e.branch === 'default' ? '其他' : (names[e.branch] ?? e.branch)) : undefined,
      animated: progress[e.to] === 'current',
      markerEnd: { type: MarkerType.ArrowClosed },
    }));
    return { nodes, edges };
  }, [definition, progress, pos]);
  const frameHeight = chartHeight(Object.values(pos), height, maxHeight);
  // What the viewer looks for first: where it waits, else where it was sent back.
  const waiting = definition.nodes.filter((n) => progress[n.id] === 'current').map((n) => n.id);
  const focus = waiting.length
    ? waiting
    : definition.nodes.filter((n) => progress[n.id] === 'returned').map((n) => n.id);

  return (
    <div className={s.wrap}>
      <div style={{ height: frameHeight }} className={s.canvas}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          panOnDrag
          minZoom={0.3}
          ariaLabelConfig={LABELS}
        >
          <Background />
          <Controls showInteractive={false} />
          <Framing focus={focus} />
        </ReactFlow>
      </div>
      <div className={s.legend} aria-label="图例">
        {(['done', 'current', 'returned', 'notStarted'] as const).map((p) => (
          <span key={p} className={s.legendItem}>
            <i className={`${s.swatch} ${s[p]}`} />
            {PROGRESS_LABELS[p]}
          </span>
        ))}
      </div>
    </div>
  );
}
