import { lazy, Suspense } from 'react';
import { Button, Form, Skeleton, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RichTextEditorProps } from '@/core/ui/rich-text-editor';
import { uploadServiceFile } from '../../api';
import { SERVICE_HALL_LIMITS } from '../../contract';
import { TextInput } from '@/core/ui/text-input';

const RichTextEditor = lazy(() => import('@/core/ui/rich-text-editor'));

/** The rich text editor as a Form.Item child (Tiptap loads when a drawer opens). */
export function LazyRichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor {...props} minHeight={props.minHeight ?? 160} />
    </Suspense>
  );
}

/** Images pasted into rich text: stored as this module's public images. */
export const uploadImageUrl = (file: File) => uploadServiceFile('image', file).then((r) => r.data.url);

/** The `steps` list of a form (an item's 办理流程, a special service's 办理步骤): title and description. */
export function StepsField({ label }: { label: string }) {
  return (
    <Form.Item label={label}>
      <Form.List name="steps">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 8 }}>
                <span>{i + 1}.</span>
                <Form.Item name={[f.name, 'title']} rules={[{ required: true, message: '步骤名称' }]} noStyle>
                  <TextInput placeholder="步骤名称" style={{ width: 200 }} maxLength={60} />
                </Form.Item>
                <Form.Item name={[f.name, 'description']} noStyle>
                  <TextInput placeholder="说明" style={{ width: 440 }} maxLength={500} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除步骤"
                  onClick={() => remove(f.name)}
                />
              </Space>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= SERVICE_HALL_LIMITS.steps}
              onClick={() => add({ title: '', description: '' })}
            >
              添加步骤
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
