import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, InputNumber, Radio, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPlatform, listRoutes, updatePlatform, uploadPlatformIcon } from '@/modules/platform-config/api';
import { PLATFORM_NAME_MAX, type PlatformKind, type PlatformSummary } from '@/modules/platform-config/contract';
import { applyFieldError } from './field-error';
import { TextInput } from '@/core/ui/text-input';

interface Values {
  name: string;
  icon: string;
  indexUrl: string;
  kind: PlatformKind;
  sort: number;
}

const ICON_MAX_BYTES = 1024 * 1024;
const ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Create (platform null) or edit a platform: name, icon (address or upload), index page, kind, order. */
export function PlatformFormDrawer({
  open,
  platform,
  onClose,
}: {
  open: boolean;
  platform: PlatformSummary | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState(false);
  const routes = useQuery({
    queryKey: ['platform-config', 'routes'],
    queryFn: () => listRoutes().then((r) => r.data),
    staleTime: Infinity,
    enabled: open,
  });
  const indexOptions = (routes.data ?? [])
    .filter((r) => r.indexPage)
    .map((r) => ({ value: r.path, label: `${r.title}（${r.path}）` }));
  const icon = Form.useWatch('icon', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (platform)
      form.setFieldsValue({
        name: platform.name,
        icon: platform.icon,
        indexUrl: platform.indexUrl,
        kind: platform.kind,
        sort: platform.sort,
      });
  }, [open, platform, form]);

  const save = useMutation({
    mutationFn: (v: Values) => (platform ? updatePlatform({ id: platform.id, ...v }) : createPlatform(v)),
    onSuccess: async () => {
      message.success(platform ? '平台已保存' : '平台已创建');
      onClose();
      await qc.invalidateQueries({ queryKey: ['platform-config', 'platforms'] });
    },
    onError: (e) => applyFieldError(form, e),
  });

  const upload = async (file: File) => {
    if (!ICON_TYPES.includes(file.type)) {
      message.error('请上传 PNG、JPG、GIF 或 WebP 图片');
      return;
    }
    if (file.size > ICON_MAX_BYTES) {
      message.error('图标不能超过 1 MB');
      return;
    }
    setUploading(true);
    try {
      const r = await uploadPlatformIcon(file);
      form.setFieldsValue({ icon: r.data.url });
      message.success('图标已上传');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Drawer
      title={platform ? `编辑平台：${platform.name}` : '新建平台'}
      open={open}
      size={520}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form
        name="platform-form-drawer"
        form={form}
        layout="vertical"
        initialValues={{ kind: 'normal', sort: 0, icon: '' }}
        onFinish={(v) => save.mutate({ ...v, icon: v.icon ?? '' })}
      >
        <Form.Item
          label="平台名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入平台名称' },
            { max: PLATFORM_NAME_MAX, message: `平台名称不能超过 ${PLATFORM_NAME_MAX} 个字符` },
          ]}
        >
          <TextInput maxLength={PLATFORM_NAME_MAX} showCount placeholder="如：学生服务平台" />
        </Form.Item>
        <Form.Item label="图标" required={false}>
          <Space align="start">
            <div
              style={{
                width: 56,
                height: 56,
                border: '1px dashed #d9d9d9',
                borderRadius: 8,
                display: 'grid',
                placeItems: 'center',
                overflow: 'hidden',
              }}
            >
              {icon ? (
                <img src={icon} alt="平台图标" style={{ maxWidth: 48, maxHeight: 48 }} />
              ) : (
                <span style={{ color: '#bbb', fontSize: 12 }}>无</span>
              )}
            </div>
            <Space orientation="vertical">
              <Upload
                accept={ICON_TYPES.join(',')}
                showUploadList={false}
                beforeUpload={(f) => {
                  void upload(f);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  上传图片（≤ 1 MB）
                </Button>
              </Upload>
              <Form.Item
                name="icon"
                noStyle
                rules={[{ pattern: /^(\/(?!\/)\S*|https?:\/\/\S+)$/, message: '图标必须是图片地址或上传的图片' }]}
              >
                <TextInput
                  placeholder="或填写图片地址，如 /images/platforms/student.svg"
                  style={{ width: 340 }}
                  allowClear
                />
              </Form.Item>
            </Space>
          </Space>
        </Form.Item>
        <Form.Item
          label="首页地址"
          name="indexUrl"
          rules={[{ required: true, message: '请选择首页地址' }]}
          extra="进入平台后打开的页面"
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={indexOptions}
            loading={routes.isPending}
            placeholder="选择系统中的页面"
          />
        </Form.Item>
        <Form.Item label="平台类型" name="kind">
          <Radio.Group
            options={[
              { value: 'normal', label: '普通平台' },
              { value: 'one-form', label: '一表通' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="排序"
          name="sort"
          rules={[{ required: true, message: '请输入排序' }]}
          extra="数字小的排在前面"
        >
          <InputNumber min={0} max={1000000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
