import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { landingPath } from '@/core/guard/landing';
import { useSession } from '@/core/session/store';
import { NOT_FOUND_RETURN_SECONDS } from '@/shared/constants';

/** Where "home" is for whoever is looking: their landing page, or the login page when signed out. */
function homePath(): string {
  const st = useSession.getState();
  if (!st.token) return '/login';
  const platforms = st.menus?.plant_front ?? [];
  return landingPath({ isAdmin: st.isAdmin, platforms, chosen: st.platform, redirect: '', to: '' });
}

/** /notFound (spec sections 2, 9): counts NOT_FOUND_RETURN_SECONDS down, then goes home. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(NOT_FOUND_RETURN_SECONDS);
  const goHome = () => navigate(homePath(), { replace: true });

  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) navigate(homePath(), { replace: true });
  }, [left, navigate]);

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f5f7fa',
      }}
    >
      <Result
        status="404"
        title="页面不存在或无访问权限"
        subTitle={
          <span>
            您访问的页面不存在，或您没有访问该页面的权限。<b data-testid="countdown">{left}</b> 秒后自动返回首页。
          </span>
        }
        extra={
          <Button type="primary" size="large" onClick={goHome}>
            立即返回首页
          </Button>
        }
      />
    </div>
  );
}
