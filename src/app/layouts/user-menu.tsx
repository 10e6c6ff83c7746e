import { useState } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import { navigate } from '@/core/routing/navigate';
import { useSession } from '@/core/session/store';
import { useFileSrc } from '@/core/ui/use-file-src';
import { AvatarModal } from '@/modules/accounts/ui-web';
import { signOut } from '@/modules/auth/api';
import { ChangePasswordModal } from '@/modules/auth/web/components/change-password-modal';
import s from './layouts.module.css';

/** The signed-in user's avatar and name with 更换头像, 修改密码 and 退出登录; `dark` for a header on a dark ground. */
export function UserMenu({ loginPath, dark = false }: { loginPath: '/login' | '/loginAdmin'; dark?: boolean }) {
  const user = useSession((st) => st.userInfo);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const avatar = useFileSrc(user?.avatar);
  if (!user) return null;

  const leave = async () => navigate(await signOut(loginPath), { replace: true });
  // An account that signs in by single sign-on only has no password here to change.
  const ssoOnly = user.sso_only === 1;
  const items: MenuProps['items'] = [
    { key: 'avatar', icon: <PictureOutlined />, label: '更换头像', onClick: () => setAvatarOpen(true) },
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
        {/* The name says what the button is (its text alone reads as a person's name and department). */}
        <button type="button" className={dark ? `${s.userButton} ${s.userButtonDark}` : s.userButton} title="用户菜单">
          <Avatar size={32} src={avatar ?? undefined} icon={<UserOutlined />} alt="" />
          <span className={s.userName}>{user.real_name || user.username}</span>
          {user.department && <span className={s.userDept}>{user.department.name}</span>}
          <DownOutlined className={s.userArrow} />
          {/* The name is what is seen, so it leads the accessible name (WCAG 2.5.3); this says what the button opens. */}
          <span className={s.srOnly}>用户菜单</span>
        </button>
      </Dropdown>
      <AvatarModal open={avatarOpen} onClose={() => setAvatarOpen(false)} />
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
