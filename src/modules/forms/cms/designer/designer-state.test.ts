import { describe, expect, it } from 'vitest';
import type { FormField, FormSchema, LinkageRule } from '@/shared/forms/schema';
import { FIELD_ID_PATTERN } from '@/shared/forms/schema';
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  designerReducer as reduce,
  findField,
  initDesigner,
  isDirty,
  type DesignerAction,
  type DesignerState,
} from './designer-state';
import { createField, createSection, emptySchema, idsOf, newId } from './field-catalog';

const text = (id: string, extra: Partial<FormField> = {}): FormField => ({
  id,
  type: 'text',
  label: id,
  span: 1,
  ...extra,
});

const doc = (): FormSchema => ({
  format: 1,
  sections: [
    { id: 'sa', title: '甲', columns: 2, fields: [text('a1'), text('a2'), text('a3')] },
    { id: 'sb', title: '乙', columns: 1, fields: [text('b1')] },
  ],
  rules: [],
});

const run = (state: DesignerState, ...actions: DesignerAction[]) => actions.reduce(reduce, state);
const ids = (s: DesignerState) => s.schema.sections.map((sec) => sec.fields.map((f) => f.id));

describe('designer reducer: fields', () => {
  it('adds a field at an index, selects it and clamps its span to the section', () => {
    const wide = { ...text('new'), span: 4 };
    const s = run(initDesigner(doc()), { type: 'addField', field: wide, sectionId: 'sa', index: 1 });
    expect(ids(s)).toEqual([['a1', 'new', 'a2', 'a3'], ['b1']]);
    expect(findField(s.schema, 'new')!.span).toBe(2);
    expect(s.selection).toEqual({ kind: 'field', id: 'new' });
    expect(isDirty(s)).toBe(true);
  });

  it('appends when no index is given and ignores an unknown section or a duplicate id', () => {
    const start = initDesigner(doc());
    const s = run(start, { type: 'addField', field: text('z'), sectionId: 'sb' });
    expect(ids(s)[1]).toEqual(['b1', 'z']);
    expect(run(start, { type: 'addField', field: text('z'), sectionId: 'nope' })).toBe(start);
    expect(run(start, { type: 'addField', field: text('a1'), sectionId: 'sb' })).toBe(start);
  });

  it('moves a field within a section and between sections, clamping its span to the target', () => {
    const start = run(initDesigner(doc()), { type: 'updateField', id: 'a1', patch: { span: 2 } });
    const within = run(start, { type: 'moveField', id: 'a1', sectionId: 'sa', index: 2 });
    expect(ids(within)[0]).toEqual(['a2', 'a3', 'a1']);
    const across = run(start, { type: 'moveField', id: 'a1', sectionId: 'sb', index: 0 });
    expect(ids(across)).toEqual([
      ['a2', 'a3'],
      ['a1', 'b1'],
    ]);
    expect(findField(across.schema, 'a1')!.span).toBe(1);
    // Dropping a field where it already is adds no undo step.
    expect(run(start, { type: 'moveField', id: 'a2', sectionId: 'sa', index: 1 })).toBe(start);
  });

  it('keeps untouched fields and sections as the same objects (cards memoise on identity)', () => {
    const start = initDesigner(doc());
    const s = run(start, { type: 'updateField', id: 'a2', patch: { label: '姓名' } });
    expect(s.schema.sections[1]).toBe(start.schema.sections[1]);
    expect(s.schema.sections[0]!.fields[0]).toBe(start.schema.sections[0]!.fields[0]);
    expect(s.schema.sections[0]!.fields[1]!.label).toBe('姓名');
  });

  it('removes a property patched to undefined', () => {
    const s = run(
      initDesigner(doc()),
      { type: 'updateField', id: 'a1', patch: { placeholder: '请输入' } },
      { type: 'updateField', id: 'a1', patch: { placeholder: undefined } },
    );
    expect('placeholder' in findField(s.schema, 'a1')!).toBe(false);
  });

  it('renames a field id in the rules and the selection, and refuses an id already taken', () => {
    const rule: LinkageRule = {
      id: 'r1',
      match: 'all',
      conditions: [{ field: 'a1', op: 'eq', value: 'x' }],
      actions: [{ type: 'show', targets: ['a2', 'a1'] }],
    };
    const start = run(initDesigner({ ...doc(), rules: [rule] }), {
      type: 'select',
      selection: { kind: 'field', id: 'a1' },
    });
    const s = run(start, { type: 'updateField', id: 'a1', patch: { id: 'name' } });
    expect(s.schema.rules[0]!.conditions[0]!.field).toBe('name');
    expect(s.schema.rules[0]!.actions[0]!.targets).toEqual(['a2', 'name']);
    expect(s.selection).toEqual({ kind: 'field', id: 'name' });
    expect(run(start, { type: 'updateField', id: 'a1', patch: { id: 'b1' } })).toBe(start);
  });

  it('removes a field with the rule parts that named it, and drops the selection', () => {
    const rules: LinkageRule[] = [
      {
        id: 'r1',
        match: 'all',
        conditions: [{ field: 'a1', op: 'notEmpty' }],
        actions: [{ type: 'show', targets: ['a2'] }],
      },
      {
        id: 'r2',
        match: 'any',
        conditions: [
          { field: 'a2', op: 'empty' },
          { field: 'a3', op: 'empty' },
        ],
        actions: [
          { type: 'hide', targets: ['a1', 'b1'] },
          { type: 'require', targets: ['a1'] },
        ],
      },
      {
        id: 'r3',
        match: 'all',
        conditions: [{ field: 'b1', op: 'empty' }],
        actions: [{ type: 'hide', targets: ['a3'] }],
      },
    ];
    const start = run(initDesigner({ ...doc(), rules }), { type: 'select', selection: { kind: 'field', id: 'a1' } });
    const s = run(start, { type: 'removeField', id: 'a1' });
    expect(ids(s)[0]).toEqual(['a2', 'a3']);
    expect(s.selection).toBeNull();
    expect(s.schema.rules.map((r) => r.id)).toEqual(['r2', 'r3']);
    expect(s.schema.rules[0]!.actions).toEqual([{ type: 'hide', targets: ['b1'] }]);
    expect(s.schema.rules[1]).toBe(rules[2]);
  });

  it('duplicates a field right after the original and selects the copy', () => {
    const s = run(initDesigner(doc()), {
      type: 'duplicateField',
      id: 'a1',
      copy: { ...text('a1c'), label: 'a1 副本' },
    });
    expect(ids(s)[0]).toEqual(['a1', 'a1c', 'a2', 'a3']);
    expect(s.selection).toEqual({ kind: 'field', id: 'a1c' });
  });
});

describe('designer reducer: sections', () => {
  it('adds, updates, moves and removes sections; a form keeps one', () => {
    const start = initDesigner(doc());
    const s1 = run(start, { type: 'addSection', section: { id: 'sc', title: '丙', columns: 3, fields: [] }, index: 1 });
    expect(s1.schema.sections.map((x) => x.id)).toEqual(['sa', 'sc', 'sb']);
    expect(s1.selection).toEqual({ kind: 'section', id: 'sc' });
    const s2 = run(
      s1,
      { type: 'moveSection', id: 'sc', index: 0 },
      { type: 'updateSection', id: 'sc', patch: { title: '附加信息' } },
    );
    expect(s2.schema.sections.map((x) => x.title)).toEqual(['附加信息', '甲', '乙']);
    const s3 = run(s2, { type: 'removeSection', id: 'sc' }, { type: 'removeSection', id: 'sb' });
    expect(s3.schema.sections.map((x) => x.id)).toEqual(['sa']);
    expect(run(s3, { type: 'removeSection', id: 'sa' })).toBe(s3);
  });

  it('shrinks field spans when a section gets fewer columns', () => {
    const start = run(
      initDesigner(doc()),
      { type: 'updateSection', id: 'sa', patch: { columns: 4 } },
      { type: 'updateField', id: 'a1', patch: { span: 4 } },
      { type: 'updateField', id: 'a2', patch: { span: 2 } },
    );
    const s = run(start, { type: 'updateSection', id: 'sa', patch: { columns: 2 } });
    expect(s.schema.sections[0]!.fields.map((f) => f.span)).toEqual([2, 2, 1]);
  });

  it('removing a section removes its fields from the rules', () => {
    const rules: LinkageRule[] = [
      {
        id: 'r1',
        match: 'all',
        conditions: [{ field: 'b1', op: 'notEmpty' }],
        actions: [{ type: 'show', targets: ['a1'] }],
      },
    ];
    const s = run(initDesigner({ ...doc(), rules }), { type: 'removeSection', id: 'sb' });
    expect(s.schema.rules).toEqual([]);
  });
});

describe('designer reducer: undo and redo', () => {
  it('undoes and redoes each edit, and a new edit clears the redo steps', () => {
    const start = initDesigner(doc());
    const s1 = run(start, { type: 'removeField', id: 'a1' }, { type: 'removeField', id: 'a2' });
    expect(ids(s1)[0]).toEqual(['a3']);
    const u1 = run(s1, { type: 'undo' });
    expect(ids(u1)[0]).toEqual(['a2', 'a3']);
    const u2 = run(u1, { type: 'undo' });
    expect(u2.schema).toBe(start.schema);
    expect(isDirty(u2)).toBe(false);
    expect(canUndo(u2)).toBe(false);
    expect(run(u2, { type: 'undo' })).toBe(u2);
    const r1 = run(u2, { type: 'redo' });
    expect(ids(r1)[0]).toEqual(['a2', 'a3']);
    const branched = run(r1, { type: 'removeField', id: 'a3' });
    expect(canRedo(branched)).toBe(false);
    expect(run(branched, { type: 'redo' })).toBe(branched);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps (at least 50)`, () => {
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    let s = initDesigner(doc());
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      s = reduce(s, { type: 'updateField', id: 'a1', patch: { label: `标签${i}` } });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
    let undone = 0;
    while (canUndo(s)) {
      s = reduce(s, { type: 'undo' });
      undone++;
    }
    expect(undone).toBe(HISTORY_LIMIT);
    // The oldest steps fell off: the earliest label reachable is the 20th edit's predecessor.
    expect(findField(s.schema, 'a1')!.label).toBe('标签19');
    for (let i = 0; i < HISTORY_LIMIT; i++) s = reduce(s, { type: 'redo' });
    expect(findField(s.schema, 'a1')!.label).toBe(`标签${HISTORY_LIMIT + 19}`);
  });

  it('makes one step of typing into one input, and a new step after selecting elsewhere', () => {
    let s = initDesigner(doc());
    for (const label of ['姓', '姓名', '姓名：'])
      s = reduce(s, { type: 'updateField', id: 'a1', patch: { label }, key: 'a1.label' });
    expect(s.past).toHaveLength(1);
    s = run(
      s,
      { type: 'select', selection: { kind: 'field', id: 'a2' } },
      { type: 'updateField', id: 'a1', patch: { label: '全名' }, key: 'a1.label' },
    );
    expect(s.past).toHaveLength(2);
    s = run(s, { type: 'undo' });
    expect(findField(s.schema, 'a1')!.label).toBe('姓名：');
    s = run(s, { type: 'undo' });
    expect(findField(s.schema, 'a1')!.label).toBe('a1');
  });

  it('clears a selection the undo removes', () => {
    const s = run(initDesigner(doc()), { type: 'addField', field: text('n'), sectionId: 'sa' }, { type: 'undo' });
    expect(s.selection).toBeNull();
  });

  it('is clean again after markSaved and dirty after the next edit; load resets history', () => {
    let s = run(initDesigner(doc()), { type: 'removeField', id: 'a1' });
    s = run(s, { type: 'markSaved', schema: s.schema });
    expect(isDirty(s)).toBe(false);
    expect(canUndo(s)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(isDirty(s)).toBe(true);
    s = run(s, { type: 'load', schema: emptySchema() });
    expect([canUndo(s), canRedo(s), isDirty(s)]).toEqual([false, false, false]);
  });

  it('sets and clears the submit button text', () => {
    const s = run(initDesigner(doc()), { type: 'setSubmitText', text: '确认提交' });
    expect(s.schema.submitText).toBe('确认提交');
    expect('submitText' in run(s, { type: 'setSubmitText', text: '' }).schema).toBe(false);
  });
});

describe('field catalog', () => {
  it('makes unique ids that match the field id pattern', () => {
    const pattern = new RegExp(FIELD_ID_PATTERN);
    const taken = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const id = newId('field', taken);
      expect(pattern.test(id)).toBe(true);
      expect(taken.has(id)).toBe(false);
      taken.add(id);
    }
    // A random source that repeats itself still ends with a free id (a longer one).
    const stuck = () => 0;
    expect(newId('field', new Set(['field_0000']), stuck)).toBe('field_00000');
  });

  it('gives new choice fields options, sub-tables columns with fresh ids, and sections numbered titles', () => {
    const schema = doc();
    const taken = idsOf(schema);
    expect(createField('select', taken).options!.length).toBeGreaterThan(0);
    const table = createField('subTable', taken);
    expect(table.columns!.map((c) => c.type)).toEqual(['text', 'number']);
    expect(new Set([table.id, ...table.columns!.map((c) => c.id)]).size).toBe(3);
    expect(createSection(taken, 3).title).toBe('分区3');
  });
});
