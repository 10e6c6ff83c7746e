import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Select, Skeleton, Space } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { listPlatforms } from '@/modules/platform-config/api';
import { createNotice, getNoticeForAdmin, publishNotice, updateNotice, uploadNoticeImage } from '@/modules/content/api';
import { CONTENT_LIMITS, type NoticeInput, type NoticeKind } from '@/modules/content/contract';
import { LazyRichText } from './lazy-rich-text';

export const KIND_TEXT: Record<NoticeKind, string> = { notice: '通知公告', news: '新闻动态' };

/** Text or an image in the editor's HTML (the server checks the same before publishing). */
const hasText = (html: string | undefined) =>
  !!html && (/<img\s/i.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '');

interface FormValues {
  title: string;
  summary?: string;
  platformId: number | 0;
  content: string;
}

/** Create or edit one notice or news item; "保存并发布" saves then publishes. */
export function NoticeEditorDrawer(props: {
  open: boolean;
  kind: NoticeKind;
  id: number | null;
  onClose: () => void;
  onSaved: (close?: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  // A new item saved once (then publishing failed) is updated on the next try, not created twice.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const savedId = props.id ?? createdId;
  const detail = useQuery({
    queryKey: ['content', 'notice', props.id],
    queryFn: () => getNoticeForAdmin(props.id!).then((r) => r.data),
    enabled: props.open && props.id !== null,
    gcTime: 0,
  });
  const platforms = useQuery({
    queryKey: ['content', 'platformOptions'],
    queryFn: () => listPlatforms().then((r) => r.data),
    enabled: props.open,
  });

  useEffect(() => {
    if (!props.open) return;
    setCreatedId(null);
    if (props.id === null) form.setFieldsValue({ title: '', summary: '', platformId: 0, content: '' });
    else if (detail.data)
      form.setFieldsValue({
        title: detail.data.title,
        summary: detail.data.summary,
        platformId: detail.data.platformId ?? 0,
        content: detail.data.content,
      });
  }, [props.open, props.id, detail.data, form]);

  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: FormValues; publish: boolean }) => {
      const body: NoticeInput = {
        kind: props.kind,
        title: values.title.trim(),
        summary: values.summary?.trim() ?? '',
        content: values.content ?? '',
        platformId: values.platformId ? values.platformId : null,
      };
      let id = savedId;
      if (id === null) {
        id = (await createNotice(body)).data.id;
        setCreatedId(id);
      } else {
        await updateNotice({ id, ...body });
      }
      if (publish) await publishNotice(id);
      return publish;
    },
    onSuccess: (published) => {
      message.success(published ? '已保存并发布' : '保存成功');
      props.onSaved();
    },
    // Saved but not published: the list shows the draft.
    onError: () => props.onSaved(false),
  });

  const submit = async (publish: boolean) => {
    // A failed check marks the fields itself; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (publish && !hasText(values.content)) {
      form.setFields([{ name: 'content', errors: ['请填写正文后再发布'] }]);
      return;
    }
    save.mutate({ values, publish });
  };

  const published = detail.data?.status === 'published';
  const kindText = KIND_TEXT[props.kind];
  return (
    <Drawer
      title={`${props.id === null ? '新建' : '编辑'}${kindText}`}
      open={props.open}
      size={960}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button onClick={() => void submit(false)} loading={save.isPending && !save.variables?.publish}>
            {published ? '保存' : '保存草稿'}
          </Button>
          {!published && (
            <Button
              type="primary"
              onClick={() => void submit(true)}
              loading={save.isPending && save.variables?.publish}
            >
              保存并发布
            </Button>
          )}
        </Space>
      }
    >
      {props.id !== null && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Form name="notice-editor-drawer" form={form} layout="vertical" requiredMark>
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '请输入标题' },
              { max: CONTENT_LIMITS.noticeTitle, message: `标题不能超过 ${CONTENT_LIMITS.noticeTitle} 个字` },
            ]}
          >
            <TextInput placeholder={`请输入${kindText}标题`} maxLength={CONTENT_LIMITS.noticeTitle} showCount />
          </Form.Item>
          <Form.Item
            name="summary"
            label="摘要"
            rules={[
              { max: CONTENT_LIMITS.noticeSummary, message: `摘要不能超过 ${CONTENT_LIMITS.noticeSummary} 个字` },
            ]}
          >
            <TextArea
              placeholder="列表中显示的简短说明（选填）"
              maxLength={CONTENT_LIMITS.noticeSummary}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
          <Form.Item name="platformId" label="发布范围">
            <Select
              loading={platforms.isPending}
              options={[
                { value: 0, label: '全部平台' },
                ...(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          </Form.Item>
          <Form.Item name="content" label="正文" rules={[{ max: CONTENT_LIMITS.html, message: '正文过长' }]}>
            <LazyRichText
              onUploadImage={uploadNoticeImage}
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
