import { memo, useLayoutEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Form } from 'antd';
import type { FormSchema, FormSection } from '@/shared/forms/schema';
import { RendererContext } from '@/modules/forms/components/renderer-context';
import { useProgressiveMount } from '@/modules/forms/components/use-progressive-mount';
import { useRendererState } from '@/modules/forms/components/use-renderer-state';
import { FieldItem } from './field-item';
import type { FormRendererProps } from './index';
import s from './form-renderer.module.css';

interface Sections {
  schema: FormSchema;
  itemsOf: ReturnType<typeof useRendererState>['itemsOf'];
  mountAll: boolean;
}

/** The newest sections and items, for the section list under antd's Form (see FormShell). */
interface SectionsStore {
  get(): Sections;
  set(next: Sections): void;
  subscribe(listener: () => void): () => void;
}

function sectionsStore(first: Sections): SectionsStore {
  let current = first;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      for (const l of listeners) l();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/**
 * The desktop renderer (antd): sections of 1–4 columns (one column under 768 px of container
 * width, or when `width` is 'phone'), every field kind, linkage rules live, messages beside fields.
 */
export function FormRenderer({ width, ...props }: FormRendererProps) {
  const { readOnly, ctx, itemsOf, mountAll } = useRendererState(props, 'form');
  const widthClass = width === 'phone' ? s.phone : width === 'desktop' ? s.desktop : '';
  const sections: Sections = { schema: props.schema, itemsOf, mountAll };
  const [store] = useState(() => sectionsStore(sections));
  // Right after this commit, in the same task: the list renders the new values before the browser paints.
  useLayoutEffect(() => store.set(sections));
  return (
    <RendererContext.Provider value={ctx}>
      <FormShell className={`${s.root} ${widthClass} ${readOnly ? s.readOnly : ''}`} store={store} />
    </RendererContext.Provider>
  );
}

/**
 * antd's Form, rendered only when its class changes: every render of it hands its Form.Items a
 * new context value (antd 6 rebuilds the merged tooltip object each time), which re-rendered all
 * 200 items of a big form on every keystroke. The section list below follows the values through a
 * store (a changing context would make React search every mounted field for its readers), and the
 * memoised field items skip all but the changed field.
 */
const FormShell = memo(function FormShell({ className, store }: { className: string; store: SectionsStore }) {
  return (
    <Form layout="vertical" component={false} disabled={false}>
      <div className={className}>
        <SectionList store={store} />
      </div>
    </Form>
  );
});

function SectionList({ store }: { store: SectionsStore }) {
  const { schema, itemsOf, mountAll } = useSyncExternalStore(store.subscribe, store.get, store.get);
  // A big form mounts in steps, each a transition of this list alone (React yields to typing within it).
  const mounted = useProgressiveMount(schema, mountAll);
  const section = (sec: FormSection) => {
    const items = itemsOf(sec, mounted);
    if (!items.length) return null;
    const cols = Math.min(4, Math.max(1, sec.columns));
    return (
      <section key={sec.id} className={s.section} aria-label={sec.title || undefined}>
        {sec.title && <h3 className={s.sectionTitle}>{sec.title}</h3>}
        <div className={s.grid} style={{ '--cols': cols } as CSSProperties}>
          {items.map((item) => {
            const f = item.field;
            // Blocks and sub-tables take the full row: they are too wide for a column.
            const full = f.type === 'subTable' || f.type === 'richText' || f.type === 'divider';
            const span = full ? cols : Math.min(cols, Math.max(1, f.span ?? 1));
            return (
              <div key={f.id} className={s.cell} style={{ '--span': span } as CSSProperties} data-field={f.id}>
                <FieldItem {...item} />
              </div>
            );
          })}
        </div>
      </section>
    );
  };
  return <>{schema.sections.map(section)}</>;
}
