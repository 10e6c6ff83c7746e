import { createContext, useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { Button } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** Drag to order (page management's groups and fields): ids in their order, `onMove(from, to)` on drop. */
export function SortableArea({
  ids,
  onMove,
  children,
}: {
  ids: string[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type Sortable = ReturnType<typeof useSortable>;
const HandleContext = createContext<Pick<Sortable, 'attributes' | 'listeners' | 'setActivatorNodeRef'> | null>(null);

/** The drag handle of the sortable item around it (keyboard: focus, space, arrows, space). */
export function DragHandle({ label }: { label: string }) {
  const h = useContext(HandleContext);
  return (
    <Button
      size="small"
      type="text"
      aria-label={label}
      icon={<HolderOutlined />}
      ref={h?.setActivatorNodeRef}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...h?.attributes}
      {...h?.listeners}
    />
  );
}

function useItem(id: string) {
  const s = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(s.transform),
    transition: s.transition,
    ...(s.isDragging ? { position: 'relative', zIndex: 9, opacity: 0.85 } : {}),
  };
  return { s, style };
}

/** A sortable block (a group's card); a DragHandle inside moves it. */
export function SortableItem({ id, children }: { id: string; children: ReactNode }) {
  const { s, style } = useItem(id);
  return (
    <div ref={s.setNodeRef} style={style}>
      <HandleContext.Provider value={s}>{children}</HandleContext.Provider>
    </div>
  );
}

/** antd Table's body row as a sortable item (components.body.row), keyed by the row key. */
export function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { s, style } = useItem(props['data-row-key']);
  return (
    <HandleContext.Provider value={s}>
      <tr {...props} ref={s.setNodeRef} style={{ ...props.style, ...style }} />
    </HandleContext.Provider>
  );
}

/** Moves item `from` to `to` (drag and drop). */
export function moveTo<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
