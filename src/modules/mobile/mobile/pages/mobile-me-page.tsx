import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Dialog, Form, List, Popup, Toast } from 'antd-mobile';
import { MobileInput } from '@/core/ui/mobile-text-input';
import '@/core/ui/antd-mobile-setup';
import { encryptPassword } from '@/core/crypto/encrypt-password';
import { getPublicKey } from '@/core/crypto/public-key';
import { usePlatforms, useSession } from '@/core/session/store';
import { MobileAvatarItem } from '@/modules/accounts/ui-mobile';
import { changePassword, signOut } from '@/modules/auth/api';
import { isStrongPassword, PASSWORD_POLICY_TEXT } from '@/modules/auth/contract';
import { MobileTabBar } from '../components/mobile-tab-bar';
import { PlatformPicker } from '../components/platform-picker';
import { afterSignOut } from '../sign-out';
import s from '../mobile.module.css';

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm: string;
}

const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/** 修改密码 in a bottom sheet: both passwords travel encrypted like the desktop's change_pwd. */
function ChangePassword({
  visible,
  onClose,
  onChanged,
}: {
  visible: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const save = async (v: PasswordForm) => {
    let body: { old_password: string; new_password: string };
    try {
      const key = await getPublicKey();
      body = {
        old_password: await encryptPassword(key, v.old_password),
        new_password: await encryptPassword(key, v.new_password),
      };
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, '密码加密失败，请刷新页面后重试') });
      return;
    }
    setSaving(true);
    try {
      await changePassword(body);
      form.resetFields();
      onChanged();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}
    >
      <Form
        name="mobile-change-password"
        form={form}
        layout="horizontal"
        requiredMarkStyle="none"
        onFinish={(v: PasswordForm) => void save(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            确认修改
          </Button>
        }
      >
        <Form.Header>修改密码</Form.Header>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <MobileInput type="password" placeholder="原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: (_, v: string) =>
                !v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_POLICY_TEXT)),
            },
          ]}
        >
          <MobileInput type="password" placeholder="新密码" autoComplete="new-password" />
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
          <MobileInput type="password" placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <p className={s.policy}>{PASSWORD_POLICY_TEXT}</p>
      </Form>
    </Popup>
  );
}

/** /mobile/me: profile, platform switch, change password, sign out. */
export default function MobileMePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useSession((st) => st.userInfo);
  const department = useSession((st) => st.department);
  const platform = useSession((st) => st.platform);
  const platforms = usePlatforms();
  const [picking, setPicking] = useState(false);
  const changing = params.get('changePassword') === '1';
  const setChanging = (open: boolean) => setParams(open ? { changePassword: '1' } : {}, { replace: true });

  const leave = async () => afterSignOut(await signOut(), navigate);

  const confirmSignOut = async () => {
    if (await Dialog.confirm({ content: '确定退出登录吗？', confirmText: '退出', cancelText: '取消' })) await leave();
  };

  return (
    <div className={`${s.page} ${s.withTabs}`}>
      <header className={s.header}>
        <h1 className={s.headerTitle}>{user?.real_name || user?.username || '我的'}</h1>
        <p className={s.headerSub}>{user?.user_no ?? ''}</p>
      </header>
      <List header="个人信息" mode="card">
        <MobileAvatarItem />
        <List.Item extra={user?.real_name || '—'}>姓名</List.Item>
        <List.Item extra={user?.user_no || '—'}>学工号</List.Item>
        <List.Item extra={department?.name || '—'}>所属部门</List.Item>
      </List>
      <List header="设置" mode="card">
        {platforms.length > 1 && (
          <List.Item extra={platform?.platform_name ?? '未选择'} onClick={() => setPicking(true)}>
            切换平台
          </List.Item>
        )}
        {/* an account that signs in by single sign-on only has no password here */}
        {user?.sso_only !== 1 && <List.Item onClick={() => setChanging(true)}>修改密码</List.Item>}
      </List>
      <div className={s.actions}>
        <Button block color="danger" fill="outline" size="large" onClick={() => void confirmSignOut()}>
          退出登录
        </Button>
      </div>
      <ChangePassword
        visible={changing}
        onClose={() => setChanging(false)}
        onChanged={() => {
          // the server ended every session of the account: sign in again with the new password
          Toast.show({ icon: 'success', content: '密码已修改，请重新登录' });
          void leave();
        }}
      />
      <PlatformPicker
        visible={picking}
        platforms={platforms}
        onClose={() => setPicking(false)}
        onEntered={() => setPicking(false)}
      />
      <MobileTabBar />
    </div>
  );
}
