import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from '@/core/ui/rich-text-editor';

// Tiptap is heavy: it loads when an editor opens, never with a page's first chunk.
const RichTextEditor = lazy(() => import('@/core/ui/rich-text-editor'));

/** The rich text editor as a Form.Item child: value/onChange pass through the Suspense boundary. */
export function LazyRichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
