import { useEffect, useState } from 'react';
import { App, Avatar, Button, Drawer, Form, Select, Space, Spin, TreeSelect, Upload } from 'antd';
import { UserOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { encryptWithServerKey } from '@/core/crypto/public-key';
import { isStrongPassword } from '@/modules/auth/contract';
import { createAccount, getAccount, updateAccount, uploadAvatar } from '@/modules/accounts/api';
import {
  ACCOUNT_KINDS,
  EMAIL_PATTERN,
  GENDERS,
  KIND_TEXT,
  MESSAGES,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  type AccountDetail,
} from '@/modules/accounts/contract';
import { applyFieldError } from './field-error';
import { useDepartmentOptions, usePlatformOptions, useRoleOptions } from './lookups';
import { PasswordInput, TextInput } from '@/core/ui/text-input';

interface FormValues {
  username?: string;
  password?: string;
  realName: string;
  userNo: string;
  kind: string;
  departmentId?: number | null;
  phone?: string;
  email?: string;
  gender?: string | null;
  roleIds?: number[];
  platformIds?: number[];
}

// The server's rules (contract.ts), so most mistakes are caught before the request.
const RULES: Record<string, Rule[]> = {
  username: [
    { required: true, message: '请输入用户名' },
    { pattern: USERNAME_PATTERN, message: MESSAGES.username },
  ],
  password: [
    { required: true, message: '请输入初始密码' },
    {
      validator: async (_r, v: string) => {
        if (v && !isStrongPassword(v)) throw new Error(MESSAGES.password);
      },
    },
  ],
  realName: [
    { required: true, whitespace: true, message: MESSAGES.realName },
    { max: 50, message: MESSAGES.realName },
  ],
  userNo: [
    { required: true, whitespace: true, message: MESSAGES.userNo },
    { max: 32, message: MESSAGES.userNo },
  ],
  kind: [{ required: true, message: MESSAGES.kind }],
  phone: [{ pattern: PHONE_PATTERN, message: MESSAGES.phone }],
  email: [
    { pattern: EMAIL_PATTERN, message: MESSAGES.email },
    { max: 100, message: MESSAGES.email },
  ],
};

/** Create (id null) or edit an account: profile, department, roles, platforms, and the avatar when editing. */
export function AccountDrawer({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const departments = useDepartmentOptions();
  const roles = useRoleOptions();
  const platforms = usePlatformOptions();
  const editing = id !== null;
  const detail = useQuery({
    queryKey: ['accounts', 'detail', id],
    queryFn: () => getAccount(id!).then((r) => r.data),
    enabled: open && editing,
  });
  const [avatar, setAvatar] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) {
      form.setFieldsValue({ kind: 'student', roleIds: [], platformIds: [] });
      setAvatar(null);
    } else if (detail.data) {
      const d: AccountDetail = detail.data;
      form.setFieldsValue({
        realName: d.realName,
        userNo: d.userNo,
        kind: d.kind,
        departmentId: d.departmentId,
        phone: d.phone ?? undefined,
        email: d.email ?? undefined,
        gender: d.gender,
        roleIds: d.roleIds,
        platformIds: d.platformIds,
      });
      setAvatar(d.avatar);
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: async (v: FormValues) => {
      const common = {
        realName: v.realName,
        userNo: v.userNo,
        kind: v.kind,
        departmentId: v.departmentId ?? null,
        phone: v.phone || null,
        email: v.email || null,
        gender: v.gender ?? null,
        roleIds: v.roleIds ?? [],
        platformIds: v.platformIds ?? [],
      };
      if (editing) return updateAccount({ id: id!, ...common });
      return createAccount({
        ...common,
        username: v.username!.trim(),
        password: await encryptWithServerKey(v.password!),
      });
    },
    onSuccess: () => {
      message.success(editing ? '账号已保存' : '账号已创建，用户首次登录需修改密码');
      void client.invalidateQueries({ queryKey: ['accounts'] });
      onClose();
    },
    onError: (e) => applyFieldError(form, e),
  });

  const avatarUpload = useMutation({
    mutationFn: (file: File) => uploadAvatar(id!, file),
    onSuccess: (r) => {
      setAvatar(r.data.url);
      message.success('头像已更新');
      void client.invalidateQueries({ queryKey: ['accounts', 'detail', id] });
    },
  });

  return (
    <Drawer
      title={editing ? '编辑账号' : '新增账号'}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={editing && detail.isPending}>
        {editing && (
          <Space align="center" style={{ marginBottom: 24 }}>
            <Avatar size={64} src={avatar ?? undefined} icon={<UserOutlined />} />
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > 2 * 1024 * 1024) {
                  message.error('头像图片不能超过 2 MB');
                  return Upload.LIST_IGNORE;
                }
                avatarUpload.mutate(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={avatarUpload.isPending}>
                上传头像
              </Button>
            </Upload>
            <span style={{ color: 'var(--ant-color-text-tertiary)' }}>PNG / JPG / GIF / WebP，不超过 2 MB</span>
          </Space>
        )}
        <Form name="account-drawer" form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark>
          {editing ? (
            <Form.Item label="用户名">
              <TextInput value={detail.data?.username} disabled />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="username" label="用户名" rules={RULES.username}>
                <TextInput maxLength={32} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="password"
                label="初始密码"
                rules={RULES.password}
                extra="8–32 位，同时包含字母和数字；用户首次登录后须修改"
              >
                <PasswordInput maxLength={32} autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Space.Compact block style={{ gap: 16 }}>
            <Form.Item name="realName" label="姓名" rules={RULES.realName} style={{ flex: 1 }}>
              <TextInput maxLength={50} />
            </Form.Item>
            <Form.Item name="userNo" label="学工号" rules={RULES.userNo} style={{ flex: 1 }}>
              <TextInput maxLength={32} />
            </Form.Item>
          </Space.Compact>
          <Space.Compact block style={{ gap: 16 }}>
            <Form.Item name="kind" label="类型" rules={RULES.kind} style={{ flex: 1 }}>
              <Select options={ACCOUNT_KINDS.map((k) => ({ value: k, label: KIND_TEXT[k] }))} />
            </Form.Item>
            <Form.Item name="gender" label="性别" style={{ flex: 1 }}>
              <Select allowClear options={GENDERS.map((g) => ({ value: g, label: g }))} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="departmentId" label="部门">
            <TreeSelect
              key={departments.loading ? 'loading' : 'ready'}
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeData={departments.options}
              loading={departments.loading}
              treeDefaultExpandedKeys={departments.rootKeys}
              placeholder="请选择部门"
            />
          </Form.Item>
          <Space.Compact block style={{ gap: 16 }}>
            <Form.Item name="phone" label="手机号" rules={RULES.phone} style={{ flex: 1 }}>
              <TextInput maxLength={11} />
            </Form.Item>
            <Form.Item name="email" label="邮箱" rules={RULES.email} style={{ flex: 1 }}>
              <TextInput maxLength={100} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="roleIds" label="角色">
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={roles.options}
              loading={roles.loading}
              placeholder="按角色组选择"
            />
          </Form.Item>
          <Form.Item name="platformIds" label="平台" extra="直接分配给该用户的平台；通过角色获得的平台不在此列">
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={platforms.options}
              loading={platforms.loading}
              placeholder="请选择平台"
            />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
