import type { CrossCheck, FormField, FormSchema, FormSection, LinkageRule } from '@/shared/forms/schema';

/**
 * The designer's document state: the form schema with an undo/redo history, the selected field
 * or section, and the schema last saved (dirty = it is not the present one). A pure reducer, so
 * every edit is a plain object and undo is a pointer move.
 *
 * Edits keep every untouched field, section and rule object as it was: the canvas memoises field
 * cards by object identity, so typing into the property panel re-renders one card, not 200.
 */

/** Undo steps kept (the issue asks for at least 50). */
export const HISTORY_LIMIT = 100;

export type Selection = { kind: 'field'; id: string } | { kind: 'section'; id: string } | null;

export interface DesignerState {
  schema: FormSchema;
  past: FormSchema[];
  future: FormSchema[];
  selection: Selection;
  /** The schema the server holds (as loaded or last saved). */
  saved: FormSchema;
  /** Key of the last edit: edits with the same key in a row (typing into one input) make one undo step. */
  lastKey: string | null;
}

/** Field properties as a patch: `undefined` removes the property. */
export type FieldPatch = { [K in keyof FormField]?: FormField[K] | undefined };

export type DesignerAction =
  | { type: 'load'; schema: FormSchema }
  | { type: 'addField'; field: FormField; sectionId: string; index?: number }
  | { type: 'moveField'; id: string; sectionId: string; index: number }
  | { type: 'removeField'; id: string }
  | { type: 'duplicateField'; id: string; copy: FormField }
  | { type: 'updateField'; id: string; patch: FieldPatch; key?: string }
  | { type: 'addSection'; section: FormSection; index?: number }
  | { type: 'updateSection'; id: string; patch: Partial<Pick<FormSection, 'title' | 'columns'>>; key?: string }
  | { type: 'moveSection'; id: string; index: number }
  | { type: 'removeSection'; id: string }
  | { type: 'setRules'; rules: LinkageRule[]; key?: string }
  | { type: 'setChecks'; checks: CrossCheck[]; key?: string }
  | { type: 'setSubmitText'; text: string; key?: string }
  | { type: 'select'; selection: Selection }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'markSaved'; schema: FormSchema };

export function initDesigner(schema: FormSchema): DesignerState {
  return { schema, past: [], future: [], selection: null, saved: schema, lastKey: null };
}

export const isDirty = (s: DesignerState) => s.schema !== s.saved;
export const canUndo = (s: DesignerState) => s.past.length > 0;
export const canRedo = (s: DesignerState) => s.future.length > 0;

/** Where a field sits: its section's index and its index in that section; null when unknown. */
export function locateField(schema: FormSchema, id: string): { section: number; index: number } | null {
  for (let s = 0; s < schema.sections.length; s++) {
    const index = schema.sections[s]!.fields.findIndex((f) => f.id === id);
    if (index >= 0) return { section: s, index };
  }
  return null;
}

export function findField(schema: FormSchema, id: string): FormField | undefined {
  const at = locateField(schema, id);
  return at ? schema.sections[at.section]!.fields[at.index] : undefined;
}

const clampSpan = (field: FormField, columns: number): FormField =>
  (field.span ?? 1) > columns ? { ...field, span: columns } : field;

const clampIndex = (index: number | undefined, length: number) =>
  index === undefined ? length : Math.max(0, Math.min(index, length));

function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  const next = list.slice();
  next.splice(index, 0, item);
  return next;
}

function applyPatch<T extends object>(obj: T, patch: object): T {
  const next = { ...obj } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  return next as T;
}

/**
 * Rules without references to these fields. A condition or action that named only them goes; a
 * rule this empties goes too (a rule still being built, empty from the start, stays).
 */
/** The schema with these cross-field checks (none: no `checks` key at all). */
function withChecks(schema: FormSchema, checks: CrossCheck[] | undefined): FormSchema {
  const next = { ...schema };
  if (checks?.length) next.checks = checks;
  else delete next.checks;
  return next;
}

function dropFromRules(rules: LinkageRule[], ids: ReadonlySet<string>): LinkageRule[] {
  let changed = false;
  const next: LinkageRule[] = [];
  for (const rule of rules) {
    const uses =
      rule.conditions.some((c) => ids.has(c.field)) || rule.actions.some((a) => a.targets.some((t) => ids.has(t)));
    if (!uses) {
      next.push(rule);
      continue;
    }
    changed = true;
    const conditions = rule.conditions.filter((c) => !ids.has(c.field));
    const actions = rule.actions.flatMap((a) => {
      if (!a.targets.some((t) => ids.has(t))) return [a];
      const targets = a.targets.filter((t) => !ids.has(t));
      return targets.length > 0 ? [{ ...a, targets }] : [];
    });
    const emptied =
      (conditions.length === 0 && rule.conditions.length > 0) || (actions.length === 0 && rule.actions.length > 0);
    if (!emptied) next.push({ ...rule, conditions, actions });
  }
  return changed ? next : rules;
}

function renameInRules(rules: LinkageRule[], from: string, to: string): LinkageRule[] {
  const uses = (r: LinkageRule) =>
    r.conditions.some((c) => c.field === from) || r.actions.some((a) => a.targets.includes(from));
  if (!rules.some(uses)) return rules;
  return rules.map((r) =>
    uses(r)
      ? {
          ...r,
          conditions: r.conditions.map((c) => (c.field === from ? { ...c, field: to } : c)),
          actions: r.actions.map((a) =>
            a.targets.includes(from) ? { ...a, targets: a.targets.map((t) => (t === from ? to : t)) } : a,
          ),
        }
      : r,
  );
}

function withSection(schema: FormSchema, index: number, section: FormSection): FormSchema {
  const sections = schema.sections.slice();
  sections[index] = section;
  return { ...schema, sections };
}

/** The schema after an edit; the same object when the edit changes nothing. */
function edit(schema: FormSchema, action: DesignerAction): FormSchema {
  switch (action.type) {
    case 'addField': {
      const s = schema.sections.findIndex((x) => x.id === action.sectionId);
      if (s < 0 || locateField(schema, action.field.id)) return schema;
      const section = schema.sections[s]!;
      const fields = insertAt(
        section.fields,
        clampIndex(action.index, section.fields.length),
        clampSpan(action.field, section.columns),
      );
      return withSection(schema, s, { ...section, fields });
    }
    case 'moveField': {
      const from = locateField(schema, action.id);
      const to = schema.sections.findIndex((x) => x.id === action.sectionId);
      if (!from || to < 0) return schema;
      const field = schema.sections[from.section]!.fields[from.index]!;
      if (from.section === to) {
        const section = schema.sections[to]!;
        const rest = section.fields.filter((f) => f !== field);
        const index = clampIndex(action.index, rest.length);
        if (index === from.index) return schema;
        return withSection(schema, to, { ...section, fields: insertAt(rest, index, field) });
      }
      const source = schema.sections[from.section]!;
      const target = schema.sections[to]!;
      const sections = schema.sections.slice();
      sections[from.section] = { ...source, fields: source.fields.filter((f) => f !== field) };
      sections[to] = {
        ...target,
        fields: insertAt(
          target.fields,
          clampIndex(action.index, target.fields.length),
          clampSpan(field, target.columns),
        ),
      };
      return { ...schema, sections };
    }
    case 'removeField': {
      const at = locateField(schema, action.id);
      if (!at) return schema;
      const section = schema.sections[at.section]!;
      const next = withSection(schema, at.section, {
        ...section,
        fields: section.fields.filter((_, i) => i !== at.index),
      });
      return withChecks(
        { ...next, rules: dropFromRules(schema.rules, new Set([action.id])) },
        (schema.checks ?? []).filter((c) => c.field !== action.id && c.other !== action.id),
      );
    }
    case 'duplicateField': {
      const at = locateField(schema, action.id);
      if (!at || locateField(schema, action.copy.id)) return schema;
      const section = schema.sections[at.section]!;
      return withSection(schema, at.section, {
        ...section,
        fields: insertAt(section.fields, at.index + 1, clampSpan(action.copy, section.columns)),
      });
    }
    case 'updateField': {
      const at = locateField(schema, action.id);
      if (!at) return schema;
      const section = schema.sections[at.section]!;
      const old = section.fields[at.index]!;
      const renamed = action.patch.id !== undefined && action.patch.id !== old.id;
      // A new id must stay unique; the property panel checks first, this keeps the document sound regardless.
      if (renamed && locateField(schema, action.patch.id!)) return schema;
      const field = clampSpan(applyPatch(old, action.patch), section.columns);
      const fields = section.fields.slice();
      fields[at.index] = field;
      const next = withSection(schema, at.section, { ...section, fields });
      if (!renamed) return next;
      const rename = (id: string | undefined) => (id === old.id ? field.id : id);
      return withChecks(
        { ...next, rules: renameInRules(schema.rules, old.id, field.id) },
        schema.checks?.map((c) => ({ ...c, field: rename(c.field)!, ...(c.other ? { other: rename(c.other) } : {}) })),
      );
    }
    case 'addSection': {
      if (schema.sections.some((x) => x.id === action.section.id)) return schema;
      return {
        ...schema,
        sections: insertAt(schema.sections, clampIndex(action.index, schema.sections.length), action.section),
      };
    }
    case 'updateSection': {
      const s = schema.sections.findIndex((x) => x.id === action.id);
      if (s < 0) return schema;
      const old = schema.sections[s]!;
      const section = applyPatch(old, action.patch);
      // Fewer columns: fields wider than the section shrink with it.
      if (section.columns < old.columns) section.fields = old.fields.map((f) => clampSpan(f, section.columns));
      return withSection(schema, s, section);
    }
    case 'moveSection': {
      const from = schema.sections.findIndex((x) => x.id === action.id);
      if (from < 0) return schema;
      const rest = schema.sections.filter((_, i) => i !== from);
      const index = clampIndex(action.index, rest.length);
      if (index === from) return schema;
      return { ...schema, sections: insertAt(rest, index, schema.sections[from]!) };
    }
    case 'removeSection': {
      const s = schema.sections.findIndex((x) => x.id === action.id);
      // A form keeps at least one section.
      if (s < 0 || schema.sections.length === 1) return schema;
      const gone = new Set(schema.sections[s]!.fields.map((f) => f.id));
      return {
        ...schema,
        sections: schema.sections.filter((_, i) => i !== s),
        rules: dropFromRules(schema.rules, gone),
      };
    }
    case 'setRules':
      return action.rules === schema.rules ? schema : { ...schema, rules: action.rules };
    case 'setChecks':
      return action.checks === schema.checks ? schema : withChecks(schema, action.checks);
    case 'setSubmitText': {
      const text = action.text;
      if ((schema.submitText ?? '') === text) return schema;
      const next = { ...schema };
      if (text) next.submitText = text;
      else delete next.submitText;
      return next;
    }
    default:
      return schema;
  }
}

function selectionExists(schema: FormSchema, sel: Selection): boolean {
  if (!sel) return true;
  return sel.kind === 'field' ? !!locateField(schema, sel.id) : schema.sections.some((s) => s.id === sel.id);
}

function keyOf(action: DesignerAction): string | null {
  return 'key' in action && action.key ? `${action.type}:${action.key}` : null;
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'load':
      return initDesigner(action.schema);
    case 'select':
      return { ...state, selection: action.selection, lastKey: null };
    case 'markSaved':
      return { ...state, saved: action.schema, lastKey: null };
    case 'undo': {
      if (state.past.length === 0) return state;
      const schema = state.past[state.past.length - 1]!;
      return {
        ...state,
        schema,
        past: state.past.slice(0, -1),
        future: [state.schema, ...state.future],
        lastKey: null,
        selection: selectionExists(schema, state.selection) ? state.selection : null,
      };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const schema = state.future[0]!;
      return {
        ...state,
        schema,
        past: [...state.past, state.schema],
        future: state.future.slice(1),
        lastKey: null,
        selection: selectionExists(schema, state.selection) ? state.selection : null,
      };
    }
    default: {
      const schema = edit(state.schema, action);
      if (schema === state.schema) return state;
      const key = keyOf(action);
      // The same input typed again: replace the present step instead of adding one.
      const coalesce = key !== null && key === state.lastKey && state.past.length > 0;
      let selection = state.selection;
      if (action.type === 'addField') selection = { kind: 'field', id: action.field.id };
      else if (action.type === 'duplicateField') selection = { kind: 'field', id: action.copy.id };
      else if (action.type === 'addSection') selection = { kind: 'section', id: action.section.id };
      else if (
        action.type === 'updateField' &&
        action.patch.id &&
        selection?.kind === 'field' &&
        selection.id === action.id
      )
        selection = { kind: 'field', id: action.patch.id };
      if (!selectionExists(schema, selection)) selection = null;
      return {
        ...state,
        schema,
        past: coalesce ? state.past : [...state.past, state.schema].slice(-HISTORY_LIMIT),
        future: [],
        selection,
        lastKey: key,
      };
    }
  }
}
