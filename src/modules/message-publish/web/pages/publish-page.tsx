import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
  TreeSelect,
  Upload,
  type UploadFile,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TextInput } from '@/core/ui/text-input';
import type { RichTextEditorProps } from '@/core/ui/rich-text-editor';
import {
  audienceCount,
  audienceOptions,
  createRelease,
  listTemplates,
  uploadAttachment,
  uploadRecipientList,
} from '../../api';
import {
  LIMITS,
  VARIABLE_PATTERN,
  variablesOf,
  type Attachment,
  type Audience,
  type AudienceOptions,
  type RecipientListAnswer,
} from '../../contract';
import { MessageBody } from '../../components/message-body';
import { usePublishPaths } from '../../components/paths';
import s from './publish-message.module.css';

// Tiptap is heavy: it loads when the editor shows, never with the page's first chunk.
const RichTextEditor = lazy(() => import('@/core/ui/rich-text-editor'));

/** The editor as a Form.Item child: value/onChange pass through the Suspense boundary. */
function LazyEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Values {
  templateId?: number;
  title: string;
  content: string;
  variables: Record<string, string>;
  all: boolean;
  departmentIds: number[];
  classIds: number[];
  roleCodes: string[];
  platformIds: number[];
  when: 'now' | 'later';
  publishAt?: Dayjs;
}

type Dept = AudienceOptions['departments'][number];
interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** Departments as a tree without the classes (chosen in their own list). */
function departmentTree(list: Dept[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const d of list) if (d.kind !== 'class') nodes.set(d.id, { value: d.id, title: d.name, children: [] });
  const roots: TreeNode[] = [];
  for (const d of list) {
    const n = nodes.get(d.id);
    if (!n) continue;
    const parent = d.parentId !== null ? nodes.get(d.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** 发布消息 (PublishMessageIndex; cms: cmsPublishMessage): compose from a template, pick the audience, preview, publish now or at a minute. */
export default function PublishPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const paths = usePublishPaths();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile<Attachment>[]>([]);
  const [list, setList] = useState<RecipientListAnswer | null>(null);
  const [preview, setPreview] = useState(false);
  const [count, setCount] = useState<{ count: number; needsApproval: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  const options = useQuery({
    queryKey: ['message-publish', 'options'],
    queryFn: () => audienceOptions().then((r) => r.data),
  });
  const templates = useQuery({
    queryKey: ['message-publish', 'templates', 'all'],
    queryFn: () => listTemplates({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  const tree = useMemo(() => departmentTree(options.data?.departments ?? []), [options.data]);
  const classes = useMemo(() => (options.data?.departments ?? []).filter((d) => d.kind === 'class'), [options.data]);

  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const all = Form.useWatch('all', form) ?? false;
  const when = Form.useWatch('when', form) ?? 'now';
  const variables = variablesOf(title, content);

  const initialTemplate = Number(params.get('templateId')) || undefined;
  const applyTemplate = (id: number | undefined) => {
    const t = templates.data?.find((x) => x.id === id);
    if (t) form.setFieldsValue({ title: t.title, content: t.content, variables: {} });
  };
  if (initialTemplate && templates.data && form.getFieldValue('templateId') === undefined) {
    form.setFieldValue('templateId', initialTemplate);
    applyTemplate(initialTemplate);
  }

  const audienceOf = (v: Values): Audience => ({
    all: !!v.all,
    departmentIds: v.all ? [] : (v.departmentIds ?? []),
    classIds: v.all ? [] : (v.classIds ?? []),
    roleCodes: v.all ? [] : (v.roleCodes ?? []),
    platformIds: v.all ? [] : (v.platformIds ?? []),
    userIds: v.all ? [] : (list?.users.map((u) => u.id) ?? []),
  });
  // The preview fills what is typed so far; the server fills (and checks) the real thing.
  const fill = (text: string, vars: Record<string, string> = {}, html = false) =>
    text.replace(VARIABLE_PATTERN, (m, n: string) => (vars[n] ? (html ? escapeHtml(vars[n]) : vars[n]) : m));

  const recount = async () => {
    const r = await audienceCount(audienceOf(form.getFieldsValue(true) as Values));
    setCount(r.data);
  };

  const submit = async (v: Values) => {
    setSending(true);
    try {
      const r = await createRelease({
        title: v.title,
        content: v.content,
        templateId: v.templateId,
        variables: v.variables ?? {},
        attachments: files.flatMap((f) => (f.response ? [f.response] : [])),
        audience: audienceOf(v),
        publishAt: v.when === 'later' && v.publishAt ? v.publishAt.startOf('minute').valueOf() : undefined,
      });
      message.success(r.message || '发布成功');
      navigate(paths.mine);
    } finally {
      setSending(false);
    }
  };

  const values = form.getFieldsValue(true) as Values;
  return (
    <div className={s.page}>
      <Card
        title="发布消息"
        extra={
          <Space>
            <Button onClick={() => navigate(paths.templates)}>消息模板库</Button>
            <Button onClick={() => navigate(paths.mine)}>我的发布</Button>
          </Space>
        }
      >
        <Form<Values>
          form={form}
          className={s.form}
          layout="vertical"
          initialValues={{
            all: false,
            when: 'now',
            variables: {},
            departmentIds: [],
            classIds: [],
            roleCodes: [],
            platformIds: [],
          }}
          onFinish={submit}
          onValuesChange={() => setCount(null)}
        >
          <Form.Item label="使用模板" name="templateId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="可选：从模板库选择"
              loading={templates.isLoading}
              options={(templates.data ?? []).map((t) => ({ value: t.id, label: `${t.category} · ${t.name}` }))}
              onChange={(id?: number) => applyTemplate(id)}
            />
          </Form.Item>
          <Form.Item
            label="消息标题"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请输入消息标题' }]}
          >
            <TextInput maxLength={LIMITS.title} showCount placeholder="例如：关于期末考试安排的通知" />
          </Form.Item>
          <Form.Item label="消息内容" name="content" rules={[{ required: true, message: '请输入消息内容' }]}>
            <LazyEditor minHeight={240} placeholder="请输入消息内容，可用 {{变量}} 表示每次发布时填写的内容" />
          </Form.Item>
          {variables.length > 0 && (
            <Card size="small" title="模板变量" style={{ marginBottom: 16 }}>
              {variables.map((name) => (
                <Form.Item
                  key={name}
                  label={name}
                  name={['variables', name]}
                  rules={[{ required: true, whitespace: true, message: `请填写${name}` }]}
                >
                  <TextInput maxLength={LIMITS.variableValue} />
                </Form.Item>
              ))}
            </Card>
          )}
          <Form.Item label="附件">
            <Upload<Attachment>
              fileList={files}
              maxCount={LIMITS.attachments}
              customRequest={({ file, onSuccess, onError }) => {
                uploadAttachment(file as File)
                  .then((r) => onSuccess?.(r.data))
                  .catch((e: unknown) => onError?.(e as Error));
              }}
              onChange={({ fileList }) => setFiles(fileList)}
            >
              <Button>上传附件</Button>
            </Upload>
          </Form.Item>

          <Card size="small" title="接收范围" style={{ marginBottom: 16 }}>
            <Form.Item name="all" valuePropName="checked">
              <Checkbox>全校师生（需审批通过后发布）</Checkbox>
            </Form.Item>
            {!all && (
              <>
                <Form.Item label="部门 / 学院（含下属单位）" name="departmentIds">
                  <TreeSelect
                    multiple
                    treeCheckable
                    showSearch
                    showCheckedStrategy={TreeSelect.SHOW_PARENT}
                    treeData={tree}
                    treeNodeFilterProp="title"
                    placeholder="选择部门或学院"
                    aria-label="部门"
                  />
                </Form.Item>
                <Form.Item label="班级" name="classIds">
                  <Select
                    mode="multiple"
                    optionFilterProp="label"
                    placeholder={classes.length ? '选择班级' : '暂无班级'}
                    options={classes.map((c) => ({ value: c.id, label: c.name }))}
                  />
                </Form.Item>
                <Form.Item label="角色" name="roleCodes">
                  <Select
                    mode="multiple"
                    optionFilterProp="label"
                    placeholder="选择角色"
                    options={(options.data?.roles ?? []).map((r) => ({ value: r.code, label: r.name }))}
                  />
                </Form.Item>
                <Form.Item label="平台" name="platformIds">
                  <Select
                    mode="multiple"
                    optionFilterProp="label"
                    placeholder="选择平台"
                    options={(options.data?.platforms ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  />
                </Form.Item>
                <Form.Item label="指定名单（Excel，含“学号/工号”列）">
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Upload
                      accept=".xlsx"
                      showUploadList={false}
                      customRequest={({ file, onSuccess, onError }) => {
                        uploadRecipientList(file as File)
                          .then((r) => {
                            setList(r.data);
                            setCount(null);
                            onSuccess?.(r.data);
                          })
                          .catch((e: unknown) => onError?.(e as Error));
                      }}
                    >
                      <Button>上传名单</Button>
                    </Upload>
                    {list && (
                      <Alert
                        type={list.errors.length ? 'warning' : 'success'}
                        showIcon
                        title={`名单中 ${list.users.length} 人有效${list.errors.length ? `，${list.errors.length} 行有误（未计入）` : ''}`}
                        description={
                          list.errors.length > 0 && (
                            <Table
                              size="small"
                              rowKey="row"
                              pagination={{ pageSize: 5, size: 'small' }}
                              dataSource={list.errors}
                              columns={[
                                { title: '行号', dataIndex: 'row', width: 80 },
                                { title: '问题', dataIndex: 'message' },
                              ]}
                            />
                          )
                        }
                        action={
                          <Button size="small" onClick={() => setList(null)}>
                            清除
                          </Button>
                        }
                      />
                    )}
                  </Space>
                </Form.Item>
              </>
            )}
            <Space>
              <Button onClick={() => void recount()}>统计接收人数</Button>
              {count && (
                <span aria-live="polite">
                  预计 {count.count} 人接收{count.needsApproval ? '（全校发布需审批）' : ''}
                </span>
              )}
            </Space>
          </Card>

          <Form.Item label="发布时间" name="when">
            <Radio.Group
              options={[
                { value: 'now', label: '立即发布' },
                { value: 'later', label: '定时发布' },
              ]}
            />
          </Form.Item>
          {when === 'later' && (
            <Form.Item name="publishAt" label="定时发布于" rules={[{ required: true, message: '请选择发布时间' }]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                aria-label="定时发布时间"
              />
            </Form.Item>
          )}
          <div className={s.actions}>
            <Button onClick={() => void form.validateFields(['title', 'content']).then(() => setPreview(true))}>
              预览
            </Button>
            <Button type="primary" htmlType="submit" loading={sending}>
              {all ? '提交审批' : when === 'later' ? '定时发布' : '立即发布'}
            </Button>
          </div>
        </Form>
      </Card>
      <Modal title="消息预览" open={preview} onCancel={() => setPreview(false)} footer={null} width={820}>
        <article className={s.preview}>
          <h2>{fill(values.title ?? '', values.variables)}</h2>
          <div className={s.meta}>
            {values.when === 'later' && values.publishAt ? values.publishAt.format('YYYY-MM-DD HH:mm') : '立即发布'}
          </div>
          <MessageBody
            content={fill(values.content ?? '', values.variables, true)}
            attachments={files.flatMap((f) => (f.response ? [f.response] : []))}
          />
        </article>
      </Modal>
    </div>
  );
}
