import type { FormSection } from '@/shared/forms/schema';
import { RendererContext } from '@/modules/forms/components/renderer-context';
import { useProgressiveMount } from '@/modules/forms/components/use-progressive-mount';
import { useRendererState } from '@/modules/forms/components/use-renderer-state';
import { MobileFieldItem } from './mobile-field-item';
import type { MobileFormRendererProps } from './index';
import s from './mobile-form-renderer.module.css';

/**
 * The phone renderer (antd-mobile only): one column, sections as cards, 44 px touch targets,
 * the same linkage and messages as the desktop renderer (useRendererState).
 */
export function MobileFormRenderer(props: MobileFormRendererProps) {
  const { readOnly, ctx, itemsOf, mountAll } = useRendererState(props, 'mform');
  // A big form mounts in steps (React yields to typing between and within them).
  const mounted = useProgressiveMount(props.schema, mountAll);

  const section = (sec: FormSection) => {
    const items = itemsOf(sec, mounted);
    if (!items.length) return null;
    return (
      <section key={sec.id} className={s.section} aria-label={sec.title || undefined}>
        {sec.title && <h3 className={s.sectionTitle}>{sec.title}</h3>}
        {items.map((item) => (
          <MobileFieldItem key={item.field.id} {...item} />
        ))}
      </section>
    );
  };

  return (
    <RendererContext.Provider value={ctx}>
      <div className={`${s.root} ${readOnly ? s.readOnly : ''}`}>{props.schema.sections.map(section)}</div>
    </RendererContext.Provider>
  );
}
