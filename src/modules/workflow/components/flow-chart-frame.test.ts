import { describe, expect, it } from 'vitest';
import { LEAVE_PROCESS } from '../web/testing/fixtures';
import {
  chartHeight,
  chartViewport,
  FRAME_PADDING,
  MAX_ZOOM,
  NODE_SIZE,
  nodePositions,
  READABLE_ZOOM,
  type Rect,
} from './flow-chart-frame';

/** A straight process of n nodes, 120 px apart as the designer places them. */
const column = (n: number): Rect[] => Array.from({ length: n }, (_, i) => ({ x: 0, y: i * 120, ...NODE_SIZE }));
/** Where a node's centre lands on the screen under a viewport. */
const onScreen = (r: Rect, v: { x: number; y: number; zoom: number }) => ({
  x: (r.x + r.width / 2) * v.zoom + v.x,
  y: (r.y + r.height / 2) * v.zoom + v.y,
});

describe('nodePositions', () => {
  it('keeps the designer’s positions, else layers the nodes by their distance from the start', () => {
    expect(nodePositions(LEAVE_PROCESS)).toEqual({
      start: { x: 0, y: 0 },
      counsellor: { x: 0, y: 100 },
      college: { x: 0, y: 200 },
      dorm: { x: 0, y: 300 },
      end: { x: 0, y: 400 },
    });
    const placed = { ...LEAVE_PROCESS, nodes: LEAVE_PROCESS.nodes.map((n, i) => ({ ...n, x: i * 10, y: i * 120 })) };
    expect(nodePositions(placed).college).toEqual({ x: 20, y: 240 });
  });

  it('puts parallel branches side by side', () => {
    const def = {
      format: 1 as const,
      nodes: [
        { id: 's', type: 'start' as const, name: '发起' },
        { id: 'a', type: 'approval' as const, name: 'A' },
        { id: 'b', type: 'approval' as const, name: 'B' },
        { id: 'e', type: 'end' as const, name: '结束' },
      ],
      edges: [
        { from: 's', to: 'a' },
        { from: 's', to: 'b' },
        { from: 'a', to: 'e' },
        { from: 'b', to: 'e' },
      ],
    };
    const p = nodePositions(def);
    expect(p.a).toEqual({ x: -100, y: 100 });
    expect(p.b).toEqual({ x: 100, y: 100 });
    expect(p.e).toEqual({ x: 0, y: 200 });
  });
});

describe('chartHeight', () => {
  it('keeps a short process at the given height', () => {
    expect(chartHeight(column(3), 360, 640)).toBe(360);
  });

  it('grows with the graph’s vertical extent, up to the cap', () => {
    const five = chartHeight(column(5), 360, 640);
    expect(five).toBe(Math.ceil((4 * 120 + NODE_SIZE.height) * 0.8 + 2 * FRAME_PADDING));
    expect(five).toBeGreaterThan(360);
    expect(chartHeight(column(6), 360, 640)).toBeGreaterThan(five);
    expect(chartHeight(column(10), 360, 640)).toBe(640);
  });

  it('does not grow without a larger cap, nor for an empty process', () => {
    expect(chartHeight(column(10), 320, 320)).toBe(320);
    expect(chartHeight([], 360, 640)).toBe(360);
  });
});

describe('chartViewport', () => {
  it('shows a small process whole and centred, as fitView did', () => {
    const nodes = column(3);
    const v = chartViewport(nodes, { width: 800, height: 360 });
    expect(v.zoom).toBeCloseTo((360 - 2 * FRAME_PADDING) / (2 * 120 + NODE_SIZE.height));
    const top = onScreen(nodes[0]!, v);
    const bottom = onScreen(nodes[2]!, v);
    expect(top.x).toBeCloseTo(400);
    expect((top.y + bottom.y) / 2).toBeCloseTo(180);
    // Two nodes are not blown up past twice their size.
    expect(chartViewport(column(2), { width: 800, height: 640 }).zoom).toBe(MAX_ZOOM);
  });

  it('never shrinks a long process below a readable zoom, and centres the node it waits at', () => {
    const nodes = column(10);
    // Fitting the whole process into 640 px would need a zoom of about 0.54.
    const v = chartViewport(nodes, { width: 800, height: 640 }, [nodes[5]!]);
    expect(v.zoom).toBe(READABLE_ZOOM);
    const here = onScreen(nodes[5]!, v);
    expect(here.x).toBeCloseTo(400);
    expect(here.y).toBeCloseTo(320);
  });

  it('does not scroll past the graph’s ends when the waiting node is near one', () => {
    const nodes = column(10);
    const last = chartViewport(nodes, { width: 800, height: 640 }, [nodes[9]!]);
    // The last node sits at the bottom edge (not the middle, with empty space below it).
    expect((nodes[9]!.y + nodes[9]!.height) * last.zoom + last.y).toBeCloseTo(640 - FRAME_PADDING);
    const first = chartViewport(nodes, { width: 800, height: 640 }, [nodes[0]!]);
    expect(nodes[0]!.y * first.zoom + first.y).toBeCloseTo(FRAME_PADDING);
    // Nothing waiting (finished): the top of the process.
    const none = chartViewport(nodes, { width: 800, height: 640 });
    expect(none.y).toBeCloseTo(FRAME_PADDING);
  });

  it('centres the waiting nodes across too when the graph is wider than the frame', () => {
    // Four branches side by side on a phone-wide frame.
    const nodes: Rect[] = [0, 1, 2, 3].map((i) => ({ x: i * 200, y: 0, ...NODE_SIZE }));
    const v = chartViewport(nodes, { width: 360, height: 320 }, [nodes[2]!]);
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(onScreen(nodes[2]!, v).x).toBeCloseTo(180);
    // Short enough to be centred vertically.
    expect(onScreen(nodes[2]!, v).y).toBeCloseTo(160);
  });

  it('waits for a measured frame', () => {
    expect(chartViewport(column(3), { width: 0, height: 0 })).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
