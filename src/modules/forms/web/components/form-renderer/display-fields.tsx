import { Divider } from 'antd';
import type { FormField } from '@/shared/forms/schema';
import html from '@/core/ui/rich-text-editor.module.css';
import s from './form-renderer.module.css';

/** A rich-text description block. Safe: the server sanitises form documents when they are saved. */
export function RichTextBlock({ field }: { field: FormField }) {
  return <div className={`${html.html} ${s.richText}`} dangerouslySetInnerHTML={{ __html: field.content ?? '' }} />;
}

/** A divider, with the section title in its label when there is one. */
export function DividerBlock({ field }: { field: FormField }) {
  return field.label ? (
    <Divider titlePlacement="start" className={s.divider}>
      {field.label}
    </Divider>
  ) : (
    <Divider className={s.divider} />
  );
}
