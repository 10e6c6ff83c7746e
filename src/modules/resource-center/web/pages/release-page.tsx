import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Progress, Radio, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { fetchOptions, fetchResource, releaseResource, saveResource, uploadResourceFile } from '../../api';
import {
  DESCRIPTION_MAX,
  KIND_LABELS,
  LABEL_MAX,
  LABELS_MAX,
  RESOURCE_KINDS,
  TITLE_MAX,
  VISIBILITIES,
  VISIBILITY_LABELS,
  type ResourceKind,
  type SaveBody,
  type UploadAnswer,
  type Visibility,
} from '../../contract';
import { fileSize } from '../../components/labels';

type Values = Omit<SaveBody, 'id' | 'uploadId'>;
const ACCEPT: Record<ResourceKind, string> = {
  document: '.pdf,.docx,.xlsx',
  image: '.png,.jpg,.jpeg,.gif,.webp',
  video: '.mp4,.webm',
  link: '',
};
const LIST = '/web/webResourceCenter/releaseList';

/** /web/webResourceCenter/release: a new resource (or ?id= an edit of mine): file with progress or link, labels, visibility. */
export default function ReleasePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'document';
  const visibility = Form.useWatch('visibility', form) ?? 'all';
  const [file, setFile] = useState<Pick<UploadAnswer, 'id' | 'name' | 'size'> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const options = useQuery({
    queryKey: ['resource-center', 'options'],
    queryFn: () => fetchOptions().then((r) => r.data),
  });
  const existing = useQuery({
    queryKey: ['resource-center', 'edit', id],
    queryFn: () => fetchResource(id!).then((r) => r.data),
    enabled: !!id,
  });
  useEffect(() => {
    const r = existing.data;
    if (!r) return;
    form.setFieldsValue({
      title: r.title,
      description: r.description,
      kind: r.kind,
      url: r.url,
      departmentId: r.departmentId ?? undefined,
      labels: r.labels,
      visibility: r.visibility,
      roleIds: r.roleIds,
      departmentIds: r.departmentIds,
    });
    if (r.uploadId) setFile({ id: r.uploadId, name: r.fileName, size: r.size });
  }, [existing.data, form]);

  const save = useMutation({
    mutationFn: async ({ values, release }: { values: Values; release: boolean }) => {
      const saved = await saveResource({
        ...values,
        description: values.description ?? '',
        labels: values.labels ?? [],
        roleIds: values.roleIds ?? [],
        departmentIds: values.departmentIds ?? [],
        ...(id ? { id } : {}),
        ...(values.kind !== 'link' && file ? { uploadId: file.id } : {}),
      });
      if (release && existing.data?.status !== 'released') await releaseResource(saved.data.id);
      return release;
    },
    onSuccess: (released) => {
      toast.success(released ? '资源已发布' : '草稿已保存');
      navigate(LIST);
    },
  });

  const submit = (release: boolean) =>
    void form.validateFields().then((values) => {
      if (values.kind !== 'link' && !file) return toast.warning('请先上传资源文件');
      save.mutate({ values, release });
    });

  return (
    <Card title={id ? '编辑资源' : '发布资源'} style={{ maxWidth: 960 }}>
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 18 }}
        initialValues={{ kind: 'document', visibility: 'all', labels: [], roleIds: [], departmentIds: [] }}
      >
        <Form.Item
          name="title"
          label="资源名称"
          rules={[{ required: true, whitespace: true, message: '请输入资源名称' }]}
        >
          <TextInput maxLength={TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <TextArea maxLength={DESCRIPTION_MAX} rows={3} showCount />
        </Form.Item>
        <Form.Item name="kind" label="资源类型">
          <Radio.Group
            onChange={() => setFile(null)}
            options={RESOURCE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        </Form.Item>
        {kind === 'link' ? (
          <Form.Item
            name="url"
            label="链接地址"
            rules={[
              { required: true, pattern: /^https?:\/\/\S+$/i, message: '请输入以 http:// 或 https:// 开头的地址' },
            ]}
          >
            <TextInput maxLength={500} placeholder="https://" />
          </Form.Item>
        ) : (
          <Form.Item label="文件" required extra={`支持 ${ACCEPT[kind]}，不超过 20 MB`}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Upload
                accept={ACCEPT[kind]}
                showUploadList={false}
                customRequest={({ file: f, onSuccess, onError }) => {
                  setProgress(0);
                  uploadResourceFile(f as File, setProgress)
                    .then((r) => {
                      setFile(r.data);
                      setProgress(null);
                      onSuccess?.(r);
                    })
                    .catch((e: Error) => {
                      setProgress(null);
                      onError?.(e);
                    });
                }}
              >
                <Button icon={<UploadOutlined />}>{file ? '重新上传' : '选择文件'}</Button>
              </Upload>
              {progress !== null && <Progress percent={progress} size="small" aria-label="上传进度" />}
              {file && (
                <span>
                  已上传：{file.name}（{fileSize(file.size)}）
                </span>
              )}
            </Space>
          </Form.Item>
        )}
        <Form.Item name="departmentId" label="所属部门">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择部门"
            options={(options.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        <Form.Item
          name="labels"
          label="标签"
          rules={[
            { type: 'array', max: LABELS_MAX, message: `最多 ${LABELS_MAX} 个标签` },
            {
              validator: (_, v: string[] | undefined) =>
                (v ?? []).every((l) => l.length <= LABEL_MAX)
                  ? Promise.resolve()
                  : Promise.reject(new Error(`每个标签不超过 ${LABEL_MAX} 个字`)),
            },
          ]}
        >
          <Select
            mode="tags"
            placeholder="选择或输入标签后回车"
            options={(options.data?.labels ?? []).map((l) => ({ value: l, label: l }))}
          />
        </Form.Item>
        <Form.Item name="visibility" label="可见范围">
          <Radio.Group options={VISIBILITIES.map((v: Visibility) => ({ value: v, label: VISIBILITY_LABELS[v] }))} />
        </Form.Item>
        {visibility === 'roles' && (
          <Form.Item name="roleIds" label="可见角色" rules={[{ required: true, message: '请选择可见的角色' }]}>
            <Select
              mode="multiple"
              options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        )}
        {visibility === 'departments' && (
          <Form.Item name="departmentIds" label="可见部门" rules={[{ required: true, message: '请选择可见的部门' }]}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={(options.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" loading={save.isPending} onClick={() => submit(true)}>
              {existing.data?.status === 'released' ? '保存' : '发布'}
            </Button>
            {existing.data?.status !== 'released' && (
              <Button loading={save.isPending} onClick={() => submit(false)}>
                保存草稿
              </Button>
            )}
            <Button onClick={() => navigate(LIST)}>返回</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
