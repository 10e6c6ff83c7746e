import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { NavBar } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import s from '@/core/ui/phone-page.module.css';

/** A personal-centre phone page: the bar back to the phone home and the page body. */
export function PhoneFrame({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')} right={right}>
        {title}
      </NavBar>
      {children}
    </div>
  );
}
export { s as phone };
