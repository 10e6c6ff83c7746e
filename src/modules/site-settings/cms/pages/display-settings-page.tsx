import { Card, Tabs } from 'antd';
import { LoginTab } from '../components/login-tab';
import { LogoTab } from '../components/logo-tab';
import { SsoTab } from '../components/sso-tab';
import { ThemeTab } from '../components/theme-tab';

/** /cms/systemSetting/displaySettings: logo and titles, login page, theme colour, sign-in sides and SSO. */
export default function DisplaySettingsPage() {
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'logo', label: '标志与标题', children: <LogoTab /> },
          { key: 'login', label: '登录页', children: <LoginTab /> },
          { key: 'theme', label: '主题色', children: <ThemeTab /> },
          { key: 'sso', label: '登录方式与单点登录', children: <SsoTab /> },
        ]}
      />
    </Card>
  );
}
