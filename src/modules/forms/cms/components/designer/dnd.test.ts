import { describe, expect, it } from 'vitest';
import type { FormSchema } from '@/shared/forms/schema';
import { designerReducer, initDesigner } from '@/modules/forms/cms/designer/designer-state';
import { dropTarget, fieldDragId, isAfter, paletteDragId, parseDragId, sectionDropId } from './dnd';

const schema: FormSchema = {
  format: 1,
  sections: [
    { id: 'sa', title: '', columns: 2, fields: ['a1', 'a2', 'a3'].map((id) => ({ id, type: 'text', label: id })) },
    { id: 'sb', title: '', columns: 1, fields: [{ id: 'b1', type: 'text', label: 'b1' }] },
  ],
  rules: [],
};
const ref = (id: string) => parseDragId(id)!;
const rect = (left: number, top: number, width = 100, height = 40) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

/** The field order after dropping `active` on `over` through the reducer. */
function drop(active: string, over: string, after = false): string[][] {
  const target = dropTarget(schema, ref(active), ref(over), after);
  if (!target) return schema.sections.map((s) => s.fields.map((f) => f.id));
  const a = ref(active);
  const state =
    a.kind === 'field'
      ? designerReducer(initDesigner(schema), { type: 'moveField', id: a.id, ...target })
      : designerReducer(initDesigner(schema), {
          type: 'addField',
          field: { id: 'new', type: 'text', label: '新' },
          ...target,
        });
  return state.schema.sections.map((s) => s.fields.map((f) => f.id));
}

describe('designer drag and drop targets', () => {
  it('reads drag ids back', () => {
    expect(parseDragId(paletteDragId('money'))).toEqual({ kind: 'palette', type: 'money' });
    expect(parseDragId(fieldDragId('field_ab'))).toEqual({ kind: 'field', id: 'field_ab' });
    expect(parseDragId(sectionDropId('sa'))).toEqual({ kind: 'section', id: 'sa' });
    expect(parseDragId('nothing')).toBeNull();
  });

  it('reorders within a section like a sortable list (down and up)', () => {
    expect(drop('field:a1', 'field:a3')).toEqual([['a2', 'a3', 'a1'], ['b1']]);
    expect(drop('field:a3', 'field:a1')).toEqual([['a3', 'a1', 'a2'], ['b1']]);
  });

  it('moves a card into another section before or after the card it is over, or to the end of the section', () => {
    expect(drop('field:a2', 'field:b1')).toEqual([
      ['a1', 'a3'],
      ['a2', 'b1'],
    ]);
    expect(drop('field:a2', 'field:b1', true)).toEqual([
      ['a1', 'a3'],
      ['b1', 'a2'],
    ]);
    expect(drop('field:b1', 'section:sa')).toEqual([['a1', 'a2', 'a3', 'b1'], []]);
    // Onto its own section's empty space: to the end.
    expect(drop('field:a1', 'section:sa')).toEqual([['a2', 'a3', 'a1'], ['b1']]);
  });

  it('inserts a new field from the palette where it is dropped', () => {
    expect(drop('palette:text', 'field:a2')).toEqual([['a1', 'new', 'a2', 'a3'], ['b1']]);
    expect(drop('palette:text', 'field:a2', true)).toEqual([['a1', 'a2', 'new', 'a3'], ['b1']]);
    expect(drop('palette:text', 'section:sb')).toEqual([
      ['a1', 'a2', 'a3'],
      ['b1', 'new'],
    ]);
  });

  it('ignores a card dropped on itself or on something unknown', () => {
    expect(dropTarget(schema, ref('field:a1'), ref('field:a1'), false)).toBeNull();
    expect(dropTarget(schema, ref('field:zz'), ref('field:a1'), false)).toBeNull();
    expect(dropTarget(schema, ref('palette:text'), ref('section:nope'), false)).toBeNull();
  });

  it('places after a card when the dragged centre is past its middle (same row: horizontally)', () => {
    const over = rect(100, 100);
    expect(isAfter(rect(170, 100), over)).toBe(true);
    expect(isAfter(rect(20, 100), over)).toBe(false);
    expect(isAfter(rect(0, 200), over)).toBe(true);
    expect(isAfter(rect(300, 0), over)).toBe(false);
    expect(isAfter(null, over)).toBe(false);
  });
});
