import { memo, type CSSProperties } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tag, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import type { FormField } from '@/shared/forms/schema';
import { FIELD_TYPE_LABELS } from '@/modules/forms/cms/designer/field-catalog';
import { fieldDragId } from './dnd';
import { FieldMock } from './field-mock';
import s from './designer.module.css';

export interface FieldCardProps {
  field: FormField;
  /** The section's columns: the card spans min(span, columns). */
  columns: number;
  selected: boolean;
  /** Named by a linkage rule (source or target). */
  linked: boolean;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
}

/**
 * One field on the canvas. Memoised on its props: the reducer keeps untouched field objects,
 * and the callbacks are stable, so editing one field re-renders one card.
 */
export const FieldCard = memo(function FieldCard({
  field,
  columns,
  selected,
  linked,
  onSelect,
  onDuplicate,
  onRemove,
}: FieldCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: fieldDragId(field.id),
  });
  const span = Math.min(field.span ?? 1, columns);
  const style: CSSProperties = { gridColumn: `span ${span}`, transform: CSS.Translate.toString(transform), transition };
  const display = field.type === 'divider' || field.type === 'richText';
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`${s.card} ${selected ? s.cardSelected : ''} ${isDragging ? s.cardDragging : ''}`}
      data-field-id={field.id}
      {...attributes}
      {...listeners}
      aria-label={`${FIELD_TYPE_LABELS[field.type]}：${field.label}`}
      aria-pressed={selected}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(field.id);
      }}
    >
      {field.type !== 'divider' && (
        <div className={s.cardHead}>
          <span className={s.cardLabel} title={field.label}>
            {field.required && <span className={s.required}>*</span>}
            {display ? FIELD_TYPE_LABELS[field.type] : field.label}
          </span>
          <span className={s.cardTags}>
            {field.hidden && (
              <Tag variant="filled" color="default">
                隐藏
              </Tag>
            )}
            {field.readOnly && (
              <Tag variant="filled" color="default">
                只读
              </Tag>
            )}
            {field.unique && (
              <Tag variant="filled" color="purple">
                唯一
              </Tag>
            )}
            {linked && (
              <Tag variant="filled" color="blue">
                联动
              </Tag>
            )}
          </span>
        </div>
      )}
      <FieldMock field={field} />
      {field.help && !display && <div className={s.help} dangerouslySetInnerHTML={{ __html: field.help }} />}
      {/* Tools only on the selected card: 200 cards × two antd buttons with tooltips would weigh on every render. */}
      {selected && (
        <div className={s.cardTools} onPointerDown={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Tooltip title="复制">
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={`复制 ${field.label}`}
              onClick={(e) => {
                e.stopPropagation();
                onDuplicate(field.id);
              }}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除 ${field.label}`}
              onClick={(e) => {
                e.stopPropagation();
                onRemove(field.id);
              }}
            />
          </Tooltip>
        </div>
      )}
    </div>
  );
});
