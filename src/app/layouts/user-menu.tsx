import { useState } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { navigate } from '@/core/routing/navigate';
import { useSession } from '@/core/session/store';
import { signOut } from '@/modules/auth/api';
import { ChangePasswordModal } from '@/modules/auth/web/components/change-password-modal';
import s from './layouts.module.css';

/** The signed-in user's name with 修改密码 and 退出登录; `dark` for a header on a dark ground. */
export function UserMenu({ loginPath, dark = false }: { loginPath: '/login' | '/loginAdmin'; dark?: boolean }) {
  const user = useSession((st) => st.userInfo);
  const [pwdOpen, setPwdOpen] = useState(false);
  if (!user) return null;

  const leave = async () => navigate(await signOut(loginPath), { replace: true });
  // An account that signs in by single sign-on only has no password here to change.
  const ssoOnly = user.sso_only === 1;
  const items: MenuProps['items'] = [
    ...(ssoOnly
      ? []
      : [
          { key: 'pwd', icon: <KeyOutlined />, label: '修改密码', onClick: () => setPwdOpen(true) },
          { type: 'divider' as const },
        ]),
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true, onClick: leave },
  ];
  const forced = user.must_change_pwd === 1 && !ssoOnly;

  return (
    <>
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['click', 'hover']}>
        <button
          type="button"
          className={dark ? `${s.userButton} ${s.userButtonDark}` : s.userButton}
          aria-label="用户菜单"
        >
          <Avatar size={32} src={user.avatar || undefined} icon={<UserOutlined />} />
          <span className={s.userName}>{user.real_name || user.username}</span>
          {user.department && <span className={s.userDept}>{user.department.name}</span>}
          <DownOutlined className={s.userArrow} />
        </button>
      </Dropdown>
      {!ssoOnly && (
        <ChangePasswordModal
          open={pwdOpen || forced}
          forced={forced}
          onClose={() => setPwdOpen(false)}
          onChanged={leave}
        />
      )}
    </>
  );
}
