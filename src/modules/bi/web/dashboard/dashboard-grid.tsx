import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { GRID_COLS, GRID_ROW_HEIGHT, type Widget } from '../../dashboard-contract';

/**
 * The dashboard's grid (react-grid-layout, 12 columns): read-only for viewers; in the designer the
 * widgets drag by their title bar and resize from the corner, and `onLayout` gets the new positions.
 */
export function DashboardGrid({
  widgets,
  dark,
  editable = false,
  selectedId,
  onSelect,
  onLayout,
  onDrop,
  renderBody,
  renderExtra,
}: {
  widgets: Widget[];
  dark: boolean;
  editable?: boolean;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  onLayout?: (layout: Layout) => void;
  /** A palette item dropped on the grid (designer): where it landed. */
  onDrop?: (at: { x: number; y: number; w: number; h: number }) => void;
  renderBody: (w: Widget) => ReactNode;
  renderExtra?: (w: Widget) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = widgets.map((w) => ({ i: w.id, x: w.x, y: w.y, w: w.w, h: w.h, minW: 2, minH: 2 }));
  return (
    <div
      ref={containerRef}
      style={{ background: dark ? '#141414' : '#f5f5f5', borderRadius: 8, minHeight: 200 }}
      data-theme={dark ? 'dark' : 'light'}
    >
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLS, rowHeight: GRID_ROW_HEIGHT, margin: [12, 12] }}
          dragConfig={{ enabled: editable, handle: '.bi-widget-handle' }}
          resizeConfig={{ enabled: editable }}
          dropConfig={{ enabled: editable && !!onDrop, defaultItem: { w: 4, h: 4 } }}
          onDrop={(_l, item) => item && onDrop?.({ x: item.x, y: item.y, w: item.w, h: item.h })}
          onLayoutChange={(l) => editable && onLayout?.(l)}
        >
          {widgets.map((w) => (
            <div key={w.id} data-widget={w.id} onMouseDown={() => onSelect?.(w.id)}>
              <Card
                size="small"
                title={
                  <Typography.Text
                    className="bi-widget-handle"
                    style={{ cursor: editable ? 'move' : undefined, color: dark ? '#fff' : undefined }}
                    ellipsis
                  >
                    {w.title}
                  </Typography.Text>
                }
                extra={renderExtra?.(w)}
                style={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  background: dark ? '#1f1f1f' : undefined,
                  borderColor: editable && selectedId === w.id ? '#1677ff' : dark ? '#303030' : undefined,
                  boxShadow: editable && selectedId === w.id ? '0 0 0 2px #91caff' : undefined,
                }}
                styles={{ body: { flex: 1, minHeight: 0, overflow: 'hidden', padding: 8 } }}
              >
                {renderBody(w)}
              </Card>
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
