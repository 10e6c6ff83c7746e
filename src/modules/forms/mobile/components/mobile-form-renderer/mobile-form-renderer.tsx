import { useId, useMemo } from 'react';
import type { FormField, FormSection } from '@/shared/forms/schema';
import { groupErrors } from '@/modules/forms/components/field-errors';
import { RendererContext, type RendererContextValue } from '@/modules/forms/components/renderer-context';
import { useLinkedValues } from '@/modules/forms/components/use-linked-values';
import { MobileFieldItem } from './mobile-field-item';
import type { MobileFormRendererProps } from './index';
import s from './mobile-form-renderer.module.css';

type States = ReturnType<typeof useLinkedValues>['states'];

const stateOf = (states: States, f: FormField) =>
  states[f.id] ?? { visible: !f.hidden, required: !!f.required, readOnly: !!f.readOnly };

/**
 * The phone renderer (antd-mobile only): one column, sections as cards, 44 px touch targets,
 * the same linkage and messages as the desktop renderer.
 */
export function MobileFormRenderer({
  schema,
  values,
  onChange,
  mode = 'fill',
  errors,
  upload,
  pickers,
}: MobileFormRendererProps) {
  const readOnly = mode === 'readOnly';
  const { states, setField } = useLinkedValues(schema, values, readOnly ? undefined : onChange);
  const errorsOf = useMemo(() => groupErrors(errors), [errors]);
  const uid = useId();
  const ctx = useMemo<RendererContextValue>(
    () => ({ idPrefix: `mform${uid.replace(/[^A-Za-z0-9_-]/g, '')}`, readOnly, upload, pickers }),
    [uid, readOnly, upload, pickers],
  );

  const section = (sec: FormSection) => {
    const visible = sec.fields.filter((f) => stateOf(states, f).visible);
    if (!visible.length) return null;
    return (
      <section key={sec.id} className={s.section} aria-label={sec.title || undefined}>
        {sec.title && <h3 className={s.sectionTitle}>{sec.title}</h3>}
        {visible.map((f) => {
          const st = stateOf(states, f);
          return (
            <MobileFieldItem
              key={f.id}
              field={f}
              value={values[f.id]}
              required={st.required}
              locked={st.readOnly}
              errors={errorsOf(f.id)}
              setField={setField}
            />
          );
        })}
      </section>
    );
  };

  return (
    <RendererContext.Provider value={ctx}>
      <div className={`${s.root} ${readOnly ? s.readOnly : ''}`}>{schema.sections.map(section)}</div>
    </RendererContext.Provider>
  );
}
