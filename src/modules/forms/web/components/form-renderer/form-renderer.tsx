import type { CSSProperties } from 'react';
import { Form } from 'antd';
import type { FormSection } from '@/shared/forms/schema';
import { RendererContext } from '@/modules/forms/components/renderer-context';
import { useRendererState } from '@/modules/forms/components/use-renderer-state';
import { FieldItem } from './field-item';
import type { FormRendererProps } from './index';
import s from './form-renderer.module.css';

/**
 * The desktop renderer (antd): sections of 1–4 columns (one column under 768 px of container
 * width, or when `width` is 'phone'), every field kind, linkage rules live, messages beside fields.
 */
export function FormRenderer({ width, ...props }: FormRendererProps) {
  const { readOnly, ctx, itemsOf } = useRendererState(props, 'form');
  const widthClass = width === 'phone' ? s.phone : width === 'desktop' ? s.desktop : '';

  const section = (sec: FormSection) => {
    const items = itemsOf(sec);
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

  return (
    <RendererContext.Provider value={ctx}>
      <Form layout="vertical" component={false} disabled={false}>
        <div className={`${s.root} ${widthClass} ${readOnly ? s.readOnly : ''}`}>
          {props.schema.sections.map(section)}
        </div>
      </Form>
    </RendererContext.Provider>
  );
}
