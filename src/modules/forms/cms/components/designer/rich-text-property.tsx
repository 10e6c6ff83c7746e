import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Skeleton, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
// Images in form help and description blocks go to the same public image store as help articles.
import { uploadHelpImage } from '@/modules/content/api';
import s from './designer.module.css';

// Tiptap is heavy: it loads when the admin opens the editor, not with the designer.
const RichTextEditor = lazy(() => import('@/core/ui/rich-text-editor'));

/** Text or an image in the editor's HTML. */
const hasContent = (html: string | undefined) =>
  !!html && (/<img\s/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '');

/**
 * A rich-text property (field help, a description block): a small preview in the panel and the
 * full editor in a dialog, where the toolbar has room.
 */
export function RichTextProperty(props: {
  title: string;
  value: string | undefined;
  onChange: (html: string | undefined) => void;
  maxLength: number;
  emptyText: string;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const tooLong = draft.length > props.maxLength;
  return (
    <>
      {hasContent(props.value) ? (
        <div className={s.richPreview} dangerouslySetInnerHTML={{ __html: props.value! }} />
      ) : (
        <div className={s.muted} style={{ marginBottom: 8 }}>
          {props.emptyText}
        </div>
      )}
      <Space>
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => {
            setDraft(props.value ?? '');
            setOpen(true);
          }}
        >
          编辑{props.title}
        </Button>
        {hasContent(props.value) && (
          <Button size="small" type="link" danger onClick={() => props.onChange(undefined)}>
            清除
          </Button>
        )}
      </Space>
      <Modal
        title={`编辑${props.title}`}
        open={open}
        width={880}
        okText="确定"
        cancelText="取消"
        okButtonProps={{ disabled: tooLong }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          props.onChange(hasContent(draft) ? draft : undefined);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <RichTextEditor
            value={draft}
            onChange={setDraft}
            onUploadImage={uploadHelpImage}
            minHeight={280}
            placeholder="请输入内容"
          />
        </Suspense>
        {tooLong && (
          <div className={s.muted} style={{ color: '#ff4d4f', marginTop: 8 }}>
            内容过长（最多 {props.maxLength} 个字符的 HTML）
          </div>
        )}
      </Modal>
    </>
  );
}
