import { useEffect } from 'react';
import { App, Button, Drawer, Form, InputNumber, Radio, Select, Skeleton, Space } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TextInput } from '@/core/ui/text-input';
import { createHelpArticle, getHelpArticleForAdmin, updateHelpArticle, uploadHelpImage } from '@/modules/content/api';
import { CONTENT_LIMITS, type HelpArticleInput, type HelpCategory, type HelpStatus } from '@/modules/content/contract';
import { LazyRichText } from './lazy-rich-text';

interface FormValues {
  categoryId: number;
  title: string;
  keywords?: string;
  sort: number;
  status: HelpStatus;
  content: string;
}

const hasText = (html: string | undefined) =>
  !!html && (/<img\s/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '');

/** Create or edit one help article. */
export function HelpArticleDrawer(props: {
  open: boolean;
  id: number | null;
  categories: HelpCategory[];
  defaultCategoryId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const detail = useQuery({
    queryKey: ['content', 'helpArticle', props.id],
    queryFn: () => getHelpArticleForAdmin(props.id!).then((r) => r.data),
    enabled: props.open && props.id !== null,
    gcTime: 0,
  });

  useEffect(() => {
    if (!props.open) return;
    if (props.id === null) {
      form.setFieldsValue({
        categoryId: props.defaultCategoryId ?? props.categories[0]?.id,
        title: '',
        keywords: '',
        sort: 0,
        status: 'published',
        content: '',
      });
    } else if (detail.data) {
      const a = detail.data;
      form.setFieldsValue({
        categoryId: a.categoryId,
        title: a.title,
        keywords: a.keywords,
        sort: a.sort,
        status: a.status,
        content: a.content,
      });
    }
  }, [props.open, props.id, props.defaultCategoryId, props.categories, detail.data, form]);

  const save = useMutation({
    mutationFn: async (v: FormValues): Promise<void> => {
      const body: HelpArticleInput = {
        categoryId: v.categoryId,
        title: v.title.trim(),
        keywords: v.keywords?.trim() ?? '',
        sort: v.sort ?? 0,
        status: v.status,
        content: v.content ?? '',
      };
      if (props.id === null) await createHelpArticle(body);
      else await updateHelpArticle({ id: props.id, ...body });
    },
    onSuccess: () => {
      message.success('保存成功');
      props.onSaved();
    },
  });

  const submit = async () => {
    // A failed check marks the fields itself; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (v.status === 'published' && !hasText(v.content)) {
      form.setFields([{ name: 'content', errors: ['请填写正文后再发布'] }]);
      return;
    }
    save.mutate(v);
  };

  return (
    <Drawer
      title={props.id === null ? '新建帮助文章' : '编辑帮助文章'}
      open={props.open}
      size={960}
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
        <Form name="help-article-drawer" form={form} layout="vertical">
          <Space size="large" align="start" wrap>
            <Form.Item name="categoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
              <Select
                style={{ width: 240 }}
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
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '请输入标题' },
              { max: CONTENT_LIMITS.helpTitle, message: `标题不能超过 ${CONTENT_LIMITS.helpTitle} 个字` },
            ]}
          >
            <TextInput maxLength={CONTENT_LIMITS.helpTitle} showCount placeholder="如：如何修改密码" />
          </Form.Item>
          <Form.Item
            name="keywords"
            label="关键词"
            extra="用空格分隔，搜索时与标题、正文一起匹配"
            rules={[
              { max: CONTENT_LIMITS.helpKeywords, message: `关键词不能超过 ${CONTENT_LIMITS.helpKeywords} 个字` },
            ]}
          >
            <TextInput maxLength={CONTENT_LIMITS.helpKeywords} placeholder="如：密码 修改密码 账号安全" />
          </Form.Item>
          <Form.Item name="content" label="正文" rules={[{ max: CONTENT_LIMITS.html, message: '正文过长' }]}>
            <LazyRichText
              onUploadImage={uploadHelpImage}
              maxImageBytes={CONTENT_LIMITS.imageBytes}
              minHeight={360}
              placeholder="请输入正文"
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
