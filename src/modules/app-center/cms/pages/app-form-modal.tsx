import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Form, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { saveApp } from '../../api';
import {
  APP_KIND_LABELS,
  DESC_MAX,
  DEVICES,
  DEVICE_LABELS,
  ICON_COLORS,
  NAME_MAX,
  URL_MAX,
  urlProblem,
  type AppSaveBody,
  type PortalOptions,
} from '../../contract';

/** New or changed app: where it goes, who sees it (roles, platforms, desk or phone), its place in the portal. */
export function AppFormModal({
  draft,
  options,
  onClose,
  onSaved,
}: {
  draft: AppSaveBody | null;
  options: PortalOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<AppSaveBody>();
  useEffect(() => {
    if (draft) form.setFieldsValue(draft);
  }, [draft, form]);
  const save = useMutation({
    mutationFn: (v: AppSaveBody) => saveApp({ ...v, id: draft?.id, description: v.description ?? '' }),
    onSuccess: () => {
      toast.success('应用已保存');
      onSaved();
    },
  });
  const kind = Form.useWatch('kind', form);
  return (
    <Modal
      title={draft?.id ? '编辑应用' : '新增应用'}
      open={!!draft}
      width={720}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label="应用名称"
          rules={[{ required: true, whitespace: true, message: '请填写应用名称' }]}
        >
          <TextInput maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="categoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
          <Select options={options?.categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Radio.Group
            options={(['internal', 'external'] as const).map((k) => ({ value: k, label: APP_KIND_LABELS[k] }))}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label="地址"
          extra={
            kind === 'internal'
              ? '站内页面路径，例如 /web/lightApps/calendar'
              : '外部系统地址，例如 https://lib.hxlg.edu.cn'
          }
          rules={[
            { required: true, message: '请填写地址' },
            {
              validator: async (_, v: string) => {
                const p = v ? urlProblem(kind ?? 'internal', v.trim()) : null;
                if (p) throw new Error(p);
              },
            },
          ]}
        >
          <TextInput maxLength={URL_MAX} />
        </Form.Item>
        {kind === 'external' && (
          <Form.Item
            name="sso"
            label="统一身份认证登录"
            valuePropName="checked"
            extra={
              options?.ssoKind === 'cas'
                ? '打开时经学校 CAS 登录后跳转，无需再次输入密码'
                : options?.ssoKind === 'oidc'
                  ? '外部系统使用学校的 OpenID 认证登录'
                  : '尚未配置统一身份认证（系统设置中配置后生效）'
            }
          >
            <Switch />
          </Form.Item>
        )}
        <Form.Item name="devices" label="终端">
          <Radio.Group options={DEVICES.map((d) => ({ value: d, label: DEVICE_LABELS[d] }))} />
        </Form.Item>
        <Form.Item name="roleIds" label="可见角色" extra="不选表示所有角色可见">
          <Select mode="multiple" allowClear options={options?.roles.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item name="platformIds" label="可见平台" extra="不选表示所有平台可见">
          <Select
            mode="multiple"
            allowClear
            options={options?.platforms.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="color" label="图标颜色">
          <Radio.Group
            options={ICON_COLORS.map((c) => ({
              value: c,
              label: (
                <span style={{ display: 'inline-block', width: 16, height: 16, background: c, borderRadius: 3 }} />
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <TextArea maxLength={DESC_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="sort" label="排序（分类内，小的在前）">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="navPinned" label="在导航门户显示" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
