import { lazy, Suspense, useEffect } from 'react';
import { App, Button, Drawer, Form, InputNumber, Radio, Select, Skeleton, Space } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TextArea, TextInput } from '@/core/ui/text-input';
import type { RichTextEditorProps } from '@/core/ui/rich-text-editor';
import { adminQuestion, convertAsked, saveQuestion } from '@/modules/assistant/api';
import { ASSISTANT_LIMITS, type AdminCategory, type FaqStatus } from '@/modules/assistant/contract';

// Tiptap is heavy: it loads when the drawer opens, never with the page's first chunk.
const RichTextEditor = lazy(() => import('@/core/ui/rich-text-editor'));

/** The editor as a Form.Item child: value/onChange pass through the Suspense boundary. */
function LazyEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

interface FormValues {
  categoryId: number;
  question: string;
  synonyms?: string;
  sort: number;
  status: FaqStatus;
  answer: string;
}

const hasText = (html: string | undefined) =>
  !!html && (/<img\s/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '');

/** Create or edit an FAQ; with `asked`, the new FAQ answers that asked question (转为常见问题). */
export function QuestionDrawer(props: {
  open: boolean;
  id: number | null;
  asked?: { id: number; text: string } | null;
  categories: AdminCategory[];
  defaultCategoryId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const detail = useQuery({
    queryKey: ['assistant', 'adminQuestion', props.id],
    queryFn: () => adminQuestion(props.id!).then((r) => r.data),
    enabled: props.open && props.id !== null,
    gcTime: 0,
  });

  useEffect(() => {
    if (!props.open) return;
    if (props.id === null)
      form.setFieldsValue({
        categoryId: props.defaultCategoryId ?? props.categories[0]?.id,
        question: props.asked?.text.slice(0, ASSISTANT_LIMITS.question) ?? '',
        synonyms: '',
        sort: 0,
        status: 'published',
        answer: '',
      });
    else if (detail.data)
      form.setFieldsValue({
        categoryId: detail.data.categoryId,
        question: detail.data.question,
        synonyms: detail.data.synonyms.join('\n'),
        sort: detail.data.sort,
        status: detail.data.status,
        answer: detail.data.answer,
      });
  }, [props.open, props.id, props.asked, props.defaultCategoryId, props.categories, detail.data, form]);

  const save = useMutation({
    mutationFn: async (v: FormValues) => {
      const body = {
        categoryId: v.categoryId,
        question: v.question.trim(),
        answer: v.answer ?? '',
        synonyms: (v.synonyms ?? '')
          .split(/[\n,，;；]+/)
          .map((x) => x.trim())
          .filter(Boolean),
        status: v.status,
        sort: v.sort ?? 0,
      };
      if (props.asked) await convertAsked({ askedId: props.asked.id, ...body });
      else await saveQuestion(props.id === null ? body : { id: props.id, ...body });
    },
    onSuccess: () => {
      message.success(props.asked ? '已加入常见问题' : '保存成功');
      props.onSaved();
    },
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (v.status === 'published' && !hasText(v.answer)) {
      form.setFields([{ name: 'answer', errors: ['请填写答案后再发布'] }]);
      return;
    }
    save.mutate(v);
  };

  const title = props.asked ? '转为常见问题' : props.id === null ? '新增常见问题' : '编辑常见问题';
  return (
    <Drawer
      title={title}
      open={props.open}
      size={900}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {props.id !== null && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Form name="faq-question-drawer" form={form} layout="vertical">
          {props.asked && <p>用户提问：「{props.asked.text}」</p>}
          <Space size="large" align="start" wrap>
            <Form.Item name="categoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
              <Select
                style={{ width: 220 }}
                placeholder="请选择分类"
                options={props.categories.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'published', label: '发布' },
                  { value: 'draft', label: '草稿' },
                ]}
              />
            </Form.Item>
            <Form.Item name="sort" label="排序" tooltip="数字越小越靠前">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="question" label="问题" rules={[{ required: true, whitespace: true, message: '请输入问题' }]}>
            <TextInput maxLength={ASSISTANT_LIMITS.question} showCount placeholder="如：校园卡丢失了怎么补办？" />
          </Form.Item>
          <Form.Item
            name="synonyms"
            label="同义问法"
            extra={`每行一个（最多 ${ASSISTANT_LIMITS.synonyms} 个），搜索和提问时与问题一起匹配`}
            rules={[
              {
                validator: (_, v?: string) => {
                  const lines = (v ?? '').split(/[\n,，;；]+/).filter((x) => x.trim());
                  if (lines.length > ASSISTANT_LIMITS.synonyms)
                    return Promise.reject(new Error(`同义问法最多 ${ASSISTANT_LIMITS.synonyms} 个`));
                  if (lines.some((x) => x.trim().length > ASSISTANT_LIMITS.synonym))
                    return Promise.reject(new Error(`每个同义问法不超过 ${ASSISTANT_LIMITS.synonym} 个字`));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <TextArea rows={3} placeholder={'一卡通丢了\n补办校园卡'} />
          </Form.Item>
          <Form.Item name="answer" label="答案">
            <LazyEditor minHeight={300} placeholder="请输入答案" />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
