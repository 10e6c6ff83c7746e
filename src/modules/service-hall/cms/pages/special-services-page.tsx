import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Drawer,
  Form,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Upload,
} from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { adminListItems, adminSpecials, deleteSpecial, saveSpecial, uploadServiceFile } from '../../api';
import { SERVICE_HALL_LIMITS, specialPath, type AdminSpecial, type SpecialSaveBody } from '../../contract';
import { LazyRichText, StepsField, uploadImageUrl } from '../components/form-parts';
import { TextInput } from '@/core/ui/text-input';

const EMPTY: SpecialSaveBody = {
  name: '',
  summary: '',
  bannerUploadId: null,
  intro: '',
  steps: [],
  status: 'draft',
  sort: 10,
  itemIds: [],
};

function SpecialDrawer({
  special,
  onClose,
}: {
  special: AdminSpecial | 'new' | null;
  onClose: (saved: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SpecialSaveBody>();
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const items = useQuery({
    queryKey: ['service-hall', 'special-items', keyword],
    queryFn: () => adminListItems({ page: 1, pageSize: 100, keyword: keyword || undefined }).then((r) => r.data.list),
    enabled: special !== null,
  });
  useEffect(() => {
    if (!special) return;
    form.resetFields();
    const v = special === 'new' ? EMPTY : special;
    form.setFieldsValue(v);
    setBanner(special === 'new' ? null : special.bannerUrl);
  }, [special, form]);
  const known = special && special !== 'new' ? special.items : [];

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveSpecial({
        ...EMPTY,
        ...v,
        ...(special && special !== 'new' ? { id: special.id } : {}),
        bannerUploadId: v.bannerUploadId ?? null,
        steps: (v.steps ?? []).map((s) => ({ title: s.title, description: s.description ?? '' })),
        itemIds: v.itemIds ?? [],
      });
      message.success('保存成功');
      onClose(true);
    } catch {
      // toasted by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={special === 'new' ? '新建专题' : '编辑专题'}
      open={special !== null}
      onClose={() => onClose(false)}
      size={820}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          保存
        </Button>
      }
    >
      <Form form={form} layout="vertical" initialValues={EMPTY}>
        <Form.Item
          name="name"
          label="专题名称"
          rules={[{ required: true, whitespace: true, message: '请填写专题名称' }]}
        >
          <TextInput maxLength={SERVICE_HALL_LIMITS.name} />
        </Form.Item>
        <Form.Item name="summary" label="一句话介绍">
          <TextInput maxLength={SERVICE_HALL_LIMITS.summary} />
        </Form.Item>
        <Form.Item name="bannerUploadId" label="横幅图片">
          <Upload
            showUploadList={false}
            accept="image/png,image/jpeg,image/webp,image/gif"
            customRequest={({ file }) => {
              uploadServiceFile('image', file as File)
                .then((r) => {
                  form.setFieldValue('bannerUploadId', r.data.id);
                  setBanner(r.data.url);
                })
                .catch(() => undefined);
            }}
          >
            <Button icon={<UploadOutlined />}>{banner ? '更换图片' : '上传图片'}</Button>
          </Upload>
        </Form.Item>
        {banner && <img src={banner} alt="横幅预览" style={{ maxWidth: '100%', maxHeight: 160, marginBottom: 16 }} />}
        <Form.Item name="intro" label="专题介绍">
          <LazyRichText onUploadImage={uploadImageUrl} />
        </Form.Item>
        <StepsField label="办理步骤" />
        <Form.Item name="itemIds" label="包含事项（按选择顺序展示）">
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            placeholder="搜索并选择事项"
            options={[
              ...known
                .filter((k) => !items.data?.some((i) => i.id === k.id))
                .map((k) => ({ value: k.id, label: k.name })),
              ...(items.data ?? []).map((i) => ({ value: i.id, label: `${i.name}（${i.departmentName}）` })),
            ]}
          />
        </Form.Item>
        <Space size="large">
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: 'draft', label: '草稿' },
                { value: 'published', label: '发布' },
              ]}
            />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={1_000_000} />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}

/** /cms/serviceTool/special 专题服务: themed sets of items (新生入学, 毕业离校…) shown on the portal. */
export default function SpecialServicesPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminSpecial | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['service-hall', 'admin-specials'],
    queryFn: () => adminSpecials().then((r) => r.data),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['service-hall'] });
  return (
    <Card
      title="专题服务"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建专题
        </Button>
      }
    >
      <Table<AdminSpecial>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '专题名称', dataIndex: 'name', width: 180 },
          { title: '介绍', dataIndex: 'summary' },
          { title: '事项数', width: 90, render: (_: unknown, r) => r.items.length },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: string) => (s === 'published' ? <Tag color="success">已发布</Tag> : <Tag>草稿</Tag>),
          },
          {
            title: '操作',
            width: 220,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button size="small" type="link" onClick={() => window.open(specialPath(r.id), '_blank')}>
                  预览
                </Button>
                <Popconfirm
                  title="确定删除该专题？"
                  onConfirm={async () => {
                    try {
                      await deleteSpecial(r.id);
                      message.success('删除成功');
                      refresh();
                    } catch {
                      // toasted by the request layer
                    }
                  }}
                >
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SpecialDrawer
        special={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
    </Card>
  );
}
