import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Carousel, Empty } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { platformEntryPath } from '@/core/guard/landing';
import { usePlatforms, useSession } from '@/core/session/store';
import { PLATFORM_CARDS_PER_SLIDE, PLATFORM_SLIDE_SPEED } from '@/shared/constants';
import type { PlatformMenus } from '@/shared/menus';
import { signOut } from '@/core/session/sign-out';
import { enterPlatform } from '@/modules/platform/api';
import { PlatformCard } from '../components/platform-card';
import s from './platform-selection-page.module.css';

/** Cut the platforms into slides of PLATFORM_CARDS_PER_SLIDE (spec section 9). */
export function toSlides<T>(items: readonly T[], size = PLATFORM_CARDS_PER_SLIDE): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

const isAbsolute = (p: string) => /^https?:\/\//i.test(p);

/** /platformSelection: a user with several platforms picks one (spec sections 2, 4). */
export default function PlatformSelectionPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const platforms = usePlatforms();
  const user = useSession((st) => st.userInfo);
  const logoConfig = useSession((st) => st.logoConfig);
  const [busy, setBusy] = useState(false);
  const slides = useMemo(() => toSlides(platforms), [platforms]);

  const go = (path: string) => (isAbsolute(path) ? window.location.assign(path) : navigate(path, { replace: true }));

  const choose = async (p: PlatformMenus) => {
    setBusy(true);
    try {
      const chosen = await enterPlatform(p);
      go(platformEntryPath(chosen));
    } catch {
      message.error('进入平台失败，请稍后重试');
      setBusy(false);
    }
  };

  const exit = async () => {
    setBusy(true);
    go(await signOut('/login'));
  };

  return (
    <div className={s.page}>
      <header className={s.header}>
        <div className={s.brand}>
          <img src={logoConfig?.logo || '/logo.svg'} alt="" className={s.logo} />
          <span>{logoConfig?.front.title || '智慧校园综合服务平台'}</span>
        </div>
        <div className={s.user}>
          {user && <span>您好，{user.real_name || user.username}</span>}
          <Button icon={<LogoutOutlined />} onClick={exit} disabled={busy} ghost>
            退出
          </Button>
        </div>
      </header>
      <main className={s.main}>
        <h1 className={s.title}>请选择要进入的平台</h1>
        <p className={s.sub}>您的账号已开通以下 {platforms.length} 个平台，选择后可随时在页面顶部切换</p>
        {slides.length === 0 ? (
          <Empty className={s.empty} description="暂无可用平台，请联系管理员开通" />
        ) : (
          <Carousel
            className={s.carousel}
            speed={PLATFORM_SLIDE_SPEED}
            arrows={slides.length > 1}
            dots={slides.length > 1}
            infinite={false}
          >
            {slides.map((slide, i) => (
              <div key={i}>
                <div className={s.slide} data-testid="platform-slide">
                  {slide.map((p) => (
                    <div key={p.platform_id} className={s.cell}>
                      <PlatformCard platform={p} onChoose={choose} busy={busy} />
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </Carousel>
        )}
      </main>
    </div>
  );
}
