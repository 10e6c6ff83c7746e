import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { App, Button, ColorPicker, Divider, Form, Modal, Select, Tooltip } from 'antd';
import {
  BoldOutlined,
  BgColorsOutlined,
  FontColorsOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { TextInput } from './text-input';
import s from './rich-text-editor.module.css';

/**
 * The rich text editor of the platform (Tiptap 3 with an antd toolbar). Its value is HTML;
 * the server sanitises it on save, so the editor only offers what the sanitiser keeps:
 * headings 1–4, bold/italic/underline/strike, text and background colour, lists, quotes,
 * links, images, tables. Heavy: pages load it with React.lazy.
 */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Stores an image and answers its URL; without it the image button is hidden (core stays module-free). */
  onUploadImage?: (file: File) => Promise<string>;
  /** Largest image accepted before uploading (bytes); 5 MB by default, as the server's content images. */
  maxImageBytes?: number;
  placeholder?: string;
  minHeight?: number;
  /** For a Form.Item label: the editable area is named by the `label[for=id]` (aria-labelledby). */
  id?: string;
  /** The editable area's name when there is no Form.Item label to point at. */
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const DEFAULT_MAX_IMAGE = 5 * 1024 * 1024;

/** The links the server keeps: http(s), mailto or a path of this site. */
export const isAllowedLink = (url: string) =>
  /^(https?:\/\/[^\s/\\?#]+|mailto:[^\s\\]+$|\/(?![/\\]))/i.test(url.trim());

const HEADINGS = [
  { value: 0, label: '正文' },
  { value: 1, label: '标题 1' },
  { value: 2, label: '标题 2' },
  { value: 3, label: '标题 3' },
  { value: 4, label: '标题 4' },
] as const;

const PRESET_COLOURS = [
  '#000000',
  '#595959',
  '#f5222d',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#1677ff',
  '#722ed1',
  '#eb2f96',
  '#ffffff',
];

const labelIdOf = (id: string) => `${id}__label`;

/** An empty editor answers '' rather than '<p></p>', so "required" rules see nothing. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function ToolButton(props: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        size="small"
        icon={props.icon}
        disabled={props.disabled}
        aria-label={props.title}
        aria-pressed={props.active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

export function RichTextEditor({
  value = '',
  onChange,
  onUploadImage,
  maxImageBytes = DEFAULT_MAX_IMAGE,
  placeholder,
  minHeight = 320,
  id,
  'aria-label': ariaLabel,
  ...rest
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [linkForm] = Form.useForm<{ href: string }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
        codeBlock: false,
      }),
      TextStyle,
      Color,
      BackgroundColor,
      Image.configure({ allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: s.content,
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
        // A div with role textbox is not labelable, so <label for> alone leaves it nameless.
        ...(ariaLabel ? { 'aria-label': ariaLabel } : id ? { 'aria-labelledby': labelIdOf(id) } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(htmlOf(e)),
  });

  // The form's label gets an id the editable area's aria-labelledby points at.
  useEffect(() => {
    if (!id || ariaLabel) return;
    const label = [...document.querySelectorAll('label')].find((l) => l.htmlFor === id);
    if (label && !label.id) label.id = labelIdOf(id);
  }, [id, ariaLabel]);

  // A value set from outside (a record loaded after mount, a form reset) replaces the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor))
      editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '',
      background: (e.getAttributes('textStyle').backgroundColor as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  if (!editor || !state) return <div className={s.frame} style={{ minHeight }} />;
  const chain = () => editor.chain().focus();

  const openLink = () => {
    linkForm.setFieldsValue({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
    setLinkOpen(true);
  };
  const applyLink = async () => {
    const checked = await linkForm.validateFields().catch(() => null);
    if (!checked) return;
    const url = (checked.href ?? '').trim();
    if (!url) chain().extendMarkRange('link').unsetLink().run();
    else if (editor.state.selection.empty && !state.link)
      chain()
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    else chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  const pickImage = async (file: File | undefined) => {
    if (!file || !onUploadImage) return;
    if (!IMAGE_TYPES.includes(file.type)) return void message.error('只能插入 PNG、JPG、GIF 或 WebP 图片');
    if (file.size > maxImageBytes)
      return void message.error(`图片不能超过 ${Math.floor(maxImageBytes / 1024 / 1024)} MB`);
    setUploading(true);
    try {
      const src = await onUploadImage(file);
      chain()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch {
      // The request layer has already said why.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={s.frame} aria-invalid={rest['aria-invalid']}>
      <div className={s.toolbar} role="toolbar" aria-label="格式工具栏">
        <Tooltip title="段落格式">
          <Select
            size="small"
            className={s.heading}
            style={{ width: 100 }}
            value={state.heading}
            options={HEADINGS.map((h) => ({ ...h }))}
            aria-label="段落格式"
            onChange={(level: number) =>
              level === 0
                ? chain().setParagraph().run()
                : chain()
                    .setHeading({ level: level as 1 | 2 | 3 | 4 })
                    .run()
            }
          />
        </Tooltip>
        <Divider orientation="vertical" />
        <ToolButton
          title="加粗"
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          title="斜体"
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          title="下划线"
          icon={<UnderlineOutlined />}
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          title="删除线"
          icon={<StrikethroughOutlined />}
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <Tooltip title="文字颜色">
          <ColorPicker
            size="small"
            allowClear
            presets={[{ label: '常用颜色', colors: PRESET_COLOURS }]}
            value={state.color || null}
            onChangeComplete={(c) => chain().setColor(c.toHexString()).run()}
            onClear={() => chain().unsetColor().run()}
          >
            <Button
              type="text"
              size="small"
              aria-label="文字颜色"
              icon={<FontColorsOutlined style={state.color ? { color: state.color } : undefined} />}
            />
          </ColorPicker>
        </Tooltip>
        <Tooltip title="背景颜色">
          <ColorPicker
            size="small"
            allowClear
            presets={[{ label: '常用颜色', colors: PRESET_COLOURS }]}
            value={state.background || null}
            onChangeComplete={(c) => chain().setBackgroundColor(c.toHexString()).run()}
            onClear={() => chain().unsetBackgroundColor().run()}
          >
            <Button
              type="text"
              size="small"
              aria-label="背景颜色"
              icon={<BgColorsOutlined style={state.background ? { color: state.background } : undefined} />}
            />
          </ColorPicker>
        </Tooltip>
        <Divider orientation="vertical" />
        <ToolButton
          title="无序列表"
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          title="有序列表"
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          title="引用"
          icon={<span className={s.quoteIcon}>“</span>}
          active={state.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton title="插入链接" icon={<LinkOutlined />} active={state.link} onClick={openLink} />
        {onUploadImage && (
          <ToolButton
            title={uploading ? '图片上传中…' : '插入图片'}
            icon={<PictureOutlined />}
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          />
        )}
        <ToolButton
          title="插入表格"
          icon={<TableOutlined />}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          title="撤销"
          icon={<UndoOutlined />}
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          title="重做"
          icon={<RedoOutlined />}
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          style={{ display: 'none' }}
          data-testid="rich-text-image-input"
          onChange={(e) => {
            void pickImage(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <EditorContent editor={editor} className={s.scroll} style={{ minHeight }} />
      <Modal
        title="插入链接"
        open={linkOpen}
        onOk={() => void applyLink()}
        onCancel={() => setLinkOpen(false)}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={linkForm} layout="vertical" preserve={false}>
          <Form.Item
            name="href"
            label="链接地址"
            extra="支持 http://、https://、mailto: 或以 / 开头的本站地址；留空则取消链接"
            rules={[
              {
                validator: (_, v: string) =>
                  !v?.trim() || isAllowedLink(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error('请输入以 http://、https://、mailto: 或 / 开头的地址')),
              },
            ]}
          >
            <TextInput placeholder="https://" autoFocus onPressEnter={() => void applyLink()} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default RichTextEditor;
