import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { FieldType } from '@/shared/forms/schema';
import { FIELD_TYPE_LABELS, PALETTE_GROUPS } from '@/modules/forms/cms/designer/field-catalog';
import { paletteDragId } from './dnd';
import { FieldIcon } from './field-icon';
import s from './designer.module.css';

function PaletteItem({ type, onAdd }: { type: FieldType; onAdd: (type: FieldType) => void }) {
  const { attributes, listeners, setNodeRef } = useDraggable({ id: paletteDragId(type), data: { type } });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={s.paletteItem}
      {...attributes}
      {...listeners}
      aria-label={`添加${FIELD_TYPE_LABELS[type]}`}
      title={`拖到画布，或点击添加到当前分区：${FIELD_TYPE_LABELS[type]}`}
      // A click (no drag) adds the field to the end of the selected section.
      onClick={() => onAdd(type)}
    >
      <FieldIcon type={type} />
      <span>{FIELD_TYPE_LABELS[type]}</span>
    </button>
  );
}

/** The field types, grouped; drag one onto the canvas or click it. */
export const Palette = memo(function Palette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  return (
    <aside className={s.palette} aria-label="字段类型">
      {PALETTE_GROUPS.map((g) => (
        <div key={g.title} className={s.paletteGroup}>
          <div className={s.paletteTitle}>{g.title}</div>
          <div className={s.paletteGrid}>
            {g.types.map((t) => (
              <PaletteItem key={t} type={t} onAdd={onAdd} />
            ))}
          </div>
        </div>
      ))}
      <div className={s.paletteHint}>拖动字段到画布中的位置，或点击字段添加到当前选中的分区末尾。</div>
    </aside>
  );
});
