import { closestCenter, pointerWithin, type ClientRect, type CollisionDetection } from '@dnd-kit/core';
import type { FieldType, FormSchema } from '@/shared/forms/schema';
import { locateField } from '@/modules/forms/cms/designer/designer-state';

/**
 * Drag ids on the designer: `palette:<type>` (a new field), `field:<id>` (a card on the canvas),
 * `section:<id>` (a section's drop area: append at its end).
 */
export const paletteDragId = (type: FieldType) => `palette:${type}`;
export const fieldDragId = (id: string) => `field:${id}`;
export const sectionDropId = (id: string) => `section:${id}`;

export type DragRef =
  | { kind: 'palette'; type: FieldType }
  | { kind: 'field'; id: string }
  | { kind: 'section'; id: string };

export function parseDragId(id: string | number): DragRef | null {
  const s = String(id);
  const at = s.indexOf(':');
  if (at < 0) return null;
  const kind = s.slice(0, at);
  const rest = s.slice(at + 1);
  if (kind === 'palette') return { kind, type: rest as FieldType };
  if (kind === 'field' || kind === 'section') return { kind, id: rest };
  return null;
}

/**
 * A card under the pointer beats the section around it; with the keyboard (no pointer) the
 * nearest droppable wins.
 */
export const designerCollision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length > 0) {
    const cards = hits.filter((h) => String(h.id).startsWith('field:'));
    return cards.length > 0 ? cards : hits;
  }
  return closestCenter(args);
};

/** Whether the dragged thing's centre is past the middle of the card it is over (row-major grid). */
export function isAfter(active: ClientRect | null | undefined, over: ClientRect | null | undefined): boolean {
  if (!active || !over) return false;
  const ax = active.left + active.width / 2;
  const ay = active.top + active.height / 2;
  // Same row: compare horizontally; otherwise vertically.
  if (ay >= over.top && ay <= over.top + over.height) return ax > over.left + over.width / 2;
  return ay > over.top + over.height / 2;
}

/**
 * Where a drop lands: the section and the index among its fields once the dragged field has
 * left its place (the reducer's moveField/addField index).
 */
export function dropTarget(
  schema: FormSchema,
  active: DragRef,
  over: DragRef,
  after: boolean,
): { sectionId: string; index: number } | null {
  if (over.kind === 'palette') return null;
  if (over.kind === 'section') {
    const section = schema.sections.find((s) => s.id === over.id);
    if (!section) return null;
    const len =
      section.fields.length - (active.kind === 'field' && section.fields.some((f) => f.id === active.id) ? 1 : 0);
    return { sectionId: section.id, index: len };
  }
  const to = locateField(schema, over.id);
  if (!to) return null;
  const section = schema.sections[to.section]!;
  if (active.kind === 'field') {
    if (active.id === over.id) return null;
    const from = locateField(schema, active.id);
    if (!from) return null;
    // Within a section the sortable list already shows the card at the hovered index.
    if (from.section === to.section) return { sectionId: section.id, index: to.index };
  }
  return { sectionId: section.id, index: to.index + (after ? 1 : 0) };
}
