import { useId, useMemo, type CSSProperties } from 'react';
import { Form } from 'antd';
import type { FormField, FormSection } from '@/shared/forms/schema';
import { groupErrors } from '@/modules/forms/components/field-errors';
import { useLinkedValues } from '@/modules/forms/components/use-linked-values';
import { FieldItem } from './field-item';
import { RendererContext, type RendererContextValue } from '@/modules/forms/components/renderer-context';
import type { FormRendererProps } from './index';
import s from './form-renderer.module.css';

type States = ReturnType<typeof useLinkedValues>['states'];

const stateOf = (states: States, f: FormField) =>
  states[f.id] ?? { visible: !f.hidden, required: !!f.required, readOnly: !!f.readOnly };

/**
 * The desktop renderer (antd): sections of 1–4 columns (one column under 768 px of container
 * width, or when `width` is 'phone'), every field kind, linkage rules live, messages beside fields.
 */
export function FormRenderer({
  schema,
  values,
  onChange,
  mode = 'fill',
  errors,
  upload,
  pickers,
  width,
}: FormRendererProps) {
  const readOnly = mode === 'readOnly';
  const { states, setField } = useLinkedValues(schema, values, readOnly ? undefined : onChange);
  const errorsOf = useMemo(() => groupErrors(errors), [errors]);
  const uid = useId();
  const ctx = useMemo<RendererContextValue>(
    () => ({ idPrefix: `form${uid.replace(/[^A-Za-z0-9_-]/g, '')}`, readOnly, upload, pickers }),
    [uid, readOnly, upload, pickers],
  );
  const widthClass = width === 'phone' ? s.phone : width === 'desktop' ? s.desktop : '';

  const section = (sec: FormSection) => {
    const visible = sec.fields.filter((f) => stateOf(states, f).visible);
    if (!visible.length) return null;
    const cols = Math.min(4, Math.max(1, sec.columns));
    return (
      <section key={sec.id} className={s.section} aria-label={sec.title || undefined}>
        {sec.title && <h3 className={s.sectionTitle}>{sec.title}</h3>}
        <div className={s.grid} style={{ '--cols': cols } as CSSProperties}>
          {visible.map((f) => {
            const st = stateOf(states, f);
            // Blocks and sub-tables take the full row: they are too wide for a column.
            const full = f.type === 'subTable' || f.type === 'richText' || f.type === 'divider';
            const span = full ? cols : Math.min(cols, Math.max(1, f.span ?? 1));
            return (
              <div key={f.id} className={s.cell} style={{ '--span': span } as CSSProperties} data-field={f.id}>
                <FieldItem
                  field={f}
                  value={values[f.id]}
                  required={st.required}
                  locked={st.readOnly}
                  errors={errorsOf(f.id)}
                  setField={setField}
                />
              </div>
            );
          })}
        </div>
      </section>
    );
  };

  return (
    <RendererContext.Provider value={ctx}>
      <Form layout="vertical" component={false} disabled={false}>
        <div className={`${s.root} ${widthClass} ${readOnly ? s.readOnly : ''}`}>{schema.sections.map(section)}</div>
      </Form>
    </RendererContext.Provider>
  );
}
