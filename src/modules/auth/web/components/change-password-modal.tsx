import { useState } from 'react';
import { App, Alert, Form, Modal } from 'antd';
import { PasswordInput } from '@/core/ui/text-input';
import { encryptPassword } from '@/core/crypto/encrypt-password';
import { getPublicKey } from '@/core/crypto/public-key';
import { changePassword } from '@/modules/auth/api';
import { PASSWORD_POLICY_TEXT, isStrongPassword } from '@/modules/auth/contract';

interface Fields {
  old_password: string;
  new_password: string;
  confirm: string;
}

/**
 * 修改密码: both passwords travel encrypted like the login password. The server ends every
 * session of the user on success, so `onChanged` signs the user out.
 * `forced`: the account must change its password now (no cancel).
 */
export function ChangePasswordModal({
  open,
  forced = false,
  onClose,
  onChanged,
}: {
  open: boolean;
  forced?: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [form] = Form.useForm<Fields>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // invalid fields show their own messages
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    let body: { old_password: string; new_password: string };
    try {
      const key = await getPublicKey();
      body = {
        old_password: await encryptPassword(key, v.old_password),
        new_password: await encryptPassword(key, v.new_password),
      };
    } catch (e) {
      message.error(e instanceof Error && e.message ? e.message : '密码加密失败，请稍后重试');
      return;
    }
    setSaving(true);
    try {
      await changePassword(body);
      message.success('密码已修改，请使用新密码重新登录');
      form.resetFields();
      onChanged();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onOk={submit}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      mask={{ closable: false }}
      keyboard={!forced}
      cancelButtonProps={{ style: forced ? { display: 'none' } : undefined }}
      okText="确认修改"
      confirmLoading={saving}
      destroyOnHidden
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          title="您的密码已被重置，请先修改密码后再继续使用。"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form name="change-password-modal" form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <PasswordInput autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          extra={PASSWORD_POLICY_TEXT}
          dependencies={['old_password']}
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: (_, v: string) =>
                !v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_POLICY_TEXT)),
            },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v !== getFieldValue('old_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('新密码不能与原密码相同')),
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的新密码不一致')),
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
