import { memo, useMemo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { Button, Popconfirm, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormSchema, FormSection } from '@/shared/forms/schema';
import type { Selection } from '@/modules/forms/cms/designer/designer-state';
import { FieldCard } from './field-card';
import { fieldDragId, sectionDropId } from './dnd';
import s from './designer.module.css';

/** Stable callbacks the canvas hands to sections and cards (the page creates them once). */
export interface CanvasActions {
  selectField: (id: string) => void;
  selectSection: (id: string) => void;
  duplicateField: (id: string) => void;
  removeField: (id: string) => void;
  moveSection: (id: string, delta: -1 | 1) => void;
  removeSection: (id: string) => void;
  addSection: () => void;
}

interface SectionProps {
  section: FormSection;
  index: number;
  count: number;
  selectedSection: boolean;
  /** The selected field's id when it is in this section (so other sections skip re-rendering). */
  selectedField: string | null;
  linked: ReadonlySet<string>;
  actions: CanvasActions;
}

const SectionBlock = memo(function SectionBlock({
  section,
  index,
  count,
  selectedSection,
  selectedField,
  linked,
  actions,
}: SectionProps) {
  const { setNodeRef, isOver } = useDroppable({ id: sectionDropId(section.id) });
  // Keyed by the ids, not the array: editing a field's label must not hand the sortable list new items.
  const idsKey = section.fields.map((f) => f.id).join('\n');
  const items = useMemo(() => (idsKey ? idsKey.split('\n').map(fieldDragId) : []), [idsKey]);
  return (
    <section
      className={`${s.section} ${selectedSection ? s.sectionSelected : ''} ${isOver ? s.sectionOver : ''}`}
      aria-label={`分区 ${section.title || index + 1}`}
      data-section-id={section.id}
    >
      <div
        className={s.sectionHead}
        onClick={(e) => {
          e.stopPropagation();
          actions.selectSection(section.id);
        }}
      >
        <span className={s.sectionTitle}>{section.title || `分区${index + 1}`}</span>
        <span className={s.muted}>
          {section.columns} 列 · {section.fields.length} 个字段
        </span>
        <span className={s.sectionTools} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="上移分区">
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label="上移分区"
              disabled={index === 0}
              onClick={() => actions.moveSection(section.id, -1)}
            />
          </Tooltip>
          <Tooltip title="下移分区">
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label="下移分区"
              disabled={index === count - 1}
              onClick={() => actions.moveSection(section.id, 1)}
            />
          </Tooltip>
          <Popconfirm
            title="删除这个分区？"
            description={
              section.fields.length ? `分区内的 ${section.fields.length} 个字段会一起删除（可撤销）` : undefined
            }
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={count === 1}
            onConfirm={() => actions.removeSection(section.id)}
          >
            <Tooltip title={count === 1 ? '表单至少保留一个分区' : '删除分区'}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除分区"
                disabled={count === 1}
              />
            </Tooltip>
          </Popconfirm>
        </span>
      </div>
      <SortableContext id={section.id} items={items} strategy={rectSortingStrategy}>
        <div
          ref={setNodeRef}
          className={s.grid}
          style={{ gridTemplateColumns: `repeat(${section.columns}, minmax(0, 1fr))` }}
        >
          {section.fields.map((f) => (
            <FieldCard
              key={f.id}
              field={f}
              columns={section.columns}
              selected={selectedField === f.id}
              linked={linked.has(f.id)}
              onSelect={actions.selectField}
              onDuplicate={actions.duplicateField}
              onRemove={actions.removeField}
            />
          ))}
          {section.fields.length === 0 && <div className={s.empty}>把左侧的字段拖到这里</div>}
        </div>
      </SortableContext>
    </section>
  );
});

/** Ids named by any rule, for the cards' 联动 tag. */
function linkedIds(rules: FormSchema['rules']): Set<string> {
  const ids = new Set<string>();
  for (const r of rules) {
    for (const c of r.conditions) ids.add(c.field);
    for (const a of r.actions) for (const t of a.targets) ids.add(t);
  }
  return ids;
}

/** The form's sections with their field cards. */
export const Canvas = memo(function Canvas({
  schema,
  selection,
  actions,
}: {
  schema: FormSchema;
  selection: Selection;
  actions: CanvasActions;
}) {
  const linked = useMemo(() => linkedIds(schema.rules), [schema.rules]);
  const selectedField = selection?.kind === 'field' ? selection.id : null;
  return (
    <div className={s.canvas}>
      {schema.sections.map((section, i) => (
        <SectionBlock
          key={section.id}
          section={section}
          index={i}
          count={schema.sections.length}
          selectedSection={selection?.kind === 'section' && selection.id === section.id}
          selectedField={selectedField && section.fields.some((f) => f.id === selectedField) ? selectedField : null}
          linked={linked}
          actions={actions}
        />
      ))}
      <Button
        className={s.addSection}
        icon={<PlusOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          actions.addSection();
        }}
      >
        添加分区
      </Button>
    </div>
  );
});
