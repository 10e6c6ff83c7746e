import type { ProcessDefinition } from '../contract';

/**
 * Where the read-only flow chart puts its nodes, how tall it is and what it shows first. Pure,
 * so the sizes can be tested without a browser: a long process stays readable (never below
 * READABLE_ZOOM) and opens on the node it waits at instead of shrinking to fit.
 */

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** Below this the 14 px node names get too small to read (≈ 10 px on screen). */
export const READABLE_ZOOM = 0.7;
/** The height a chart asks for lets its graph show at this zoom, up to its cap. */
export const COMFORT_ZOOM = 0.8;
/** As @xyflow/react's fitView: a small process is drawn up to twice its size. */
export const MAX_ZOOM = 2;
/** Screen pixels kept free around the graph. */
export const FRAME_PADDING = 16;
/** A node before it is measured (xyflow's default node: 150 wide, one line of text). */
export const NODE_SIZE = { width: 150, height: 40 } as const;

/** Designer positions when the document has them, else layers by longest path from the start. */
export function nodePositions(def: ProcessDefinition): Record<string, Point> {
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
      if ((depth[e.to] ?? -1) < d) {
        depth[e.to] = d;
        changed = true;
      }
    }
    if (!changed) break;
  }
  const rows: Record<number, string[]> = {};
  for (const n of def.nodes) (rows[depth[n.id] ?? 0] ??= []).push(n.id);
  const out: Record<string, Point> = {};
  for (const [d, ids] of Object.entries(rows)) {
    ids.forEach((id, i) => {
      out[id] = { x: (i - (ids.length - 1) / 2) * 200, y: Number(d) * 100 };
    });
  }
  return out;
}

/** The box around some nodes (null for none). */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (!rects.length) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The chart's height in pixels: `min` for a short process, growing with the graph's vertical
 * extent (shown at COMFORT_ZOOM) up to `max`.
 */
export function chartHeight(points: readonly Point[], min: number, max: number): number {
  const box = boundsOf(points.map((p) => ({ ...p, ...NODE_SIZE })));
  if (!box || max <= min) return min;
  const wanted = Math.ceil(box.height * COMFORT_ZOOM + 2 * FRAME_PADDING);
  return Math.min(max, Math.max(min, wanted));
}

/**
 * What the chart shows first. A graph that fits at READABLE_ZOOM or more is shown whole and
 * centred (as fitView does). Otherwise it is drawn at READABLE_ZOOM with `focus` (the nodes it
 * waits at) centred — or its top-left when nothing is focused — without scrolling past the
 * graph's edges; the viewer pans to see the rest.
 */
export function chartViewport(
  nodes: readonly Rect[],
  size: { width: number; height: number },
  focus: readonly Rect[] = [],
): Viewport {
  const box = boundsOf(nodes);
  if (!box || size.width <= 0 || size.height <= 0) return { x: 0, y: 0, zoom: 1 };
  const fitZoom = Math.min(
    (size.width - 2 * FRAME_PADDING) / Math.max(box.width, 1),
    (size.height - 2 * FRAME_PADDING) / Math.max(box.height, 1),
  );
  const zoom = Math.min(MAX_ZOOM, Math.max(READABLE_ZOOM, fitZoom));
  const target = boundsOf(focus);
  // One axis at a time: centre the graph when it fits that way, else the focus, kept in bounds.
  const axis = (
    start: number,
    length: number,
    view: number,
    focusStart: number | undefined,
    focusLength: number,
  ): number => {
    if (length * zoom + 2 * FRAME_PADDING <= view) return view / 2 - (start + length / 2) * zoom;
    const wanted =
      focusStart === undefined ? FRAME_PADDING - start * zoom : view / 2 - (focusStart + focusLength / 2) * zoom;
    const lowest = view - FRAME_PADDING - (start + length) * zoom; // the graph's far edge at the frame's edge
    const highest = FRAME_PADDING - start * zoom; // its near edge at the frame's edge
    return Math.min(highest, Math.max(lowest, wanted));
  };
  return {
    x: axis(box.x, box.width, size.width, target?.x, target?.width ?? 0),
    y: axis(box.y, box.height, size.height, target?.y, target?.height ?? 0),
    zoom,
  };
}
