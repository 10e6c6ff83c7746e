import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'antd-mobile';
import { loadToast } from '@/core/ui/antd-mobile-base';
import { useSession } from '@/core/session/store';
import type { PlatformMenus } from '@/shared/menus';
import { ssoExchange } from '@/modules/auth/api';
import type { LoginAnswer } from '@/modules/auth/contract';
import { completeSignIn, useSignInFlow, useSsoSignIn } from '@/modules/auth/ui';
import { getCommonConfig } from '@/modules/org-config/api';
import { mobileLogin } from '@/modules/mobile/api';
import { rememberDevice } from '@/core/routing/device-choice';
import { ADMIN_ON_PHONE, mobileLanding, MOBILE_ME } from '../mobile-landing';
import s from '../mobile.module.css';
import { MobileLoginForm, type MobileLoginFormHandle } from './mobile-login-form';

const failToast = (content: string) => void loadToast().then((t) => t.show({ icon: 'fail', content, duration: 3000 }));

// What a first visit does not draw loads when it is needed (issue 14: the phone login's first load
// is its form): the SSO failure, the SSO spinner and the platform choice after signing in.
const Result = lazy(() => import('./mobile-login-extras').then((m) => ({ default: m.Result })));
const SpinLoading = lazy(() => import('./mobile-login-extras').then((m) => ({ default: m.SpinLoading })));
const PlatformPicker = lazy(() => import('../components/platform-picker').then((m) => ({ default: m.PlatformPicker })));

/** /mobile/mobileLogin: the desktop sign-in protocol (captcha, OAEP password, SSO) at phone size. */
export default function MobileLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useRef<MobileLoginFormHandle>(null);
  const logoConfig = useSession((st) => st.logoConfig);
  const to = params.get('to') ?? '';
  const [choosing, setChoosing] = useState<PlatformMenus[] | null>(null);

  // After the answer: keep the session; a user with several platforms picks one first.
  const land = useCallback(
    async (answer: LoginAnswer) => {
      if (answer.is_admin === 1) {
        failToast(ADMIN_ON_PHONE);
        return;
      }
      // The answer's warning and error are notices (spec section 3); signing in goes on.
      const notice = [answer.message, answer.error].filter(Boolean).join('；');
      if (notice) void loadToast().then((t) => t.show({ content: notice, duration: 3000 }));
      await completeSignIn(answer);
      rememberDevice('mobile');
      const target = answer.user_info.must_change_pwd === 1 ? `${MOBILE_ME}?changePassword=1` : mobileLanding(to);
      const platforms = answer.menus.plant_front;
      if (platforms.length > 1 && !useSession.getState().platform) setChoosing(platforms);
      else navigate(target, { replace: true });
    },
    [navigate, to],
  );

  const sso = useSsoSignIn({ page: 'login', exchange: ssoExchange, land });
  const { captchaImage, submitting, submit } = useSignInFlow({
    isAdmin: false,
    to: to || undefined,
    send: mobileLogin,
    land,
    clearCode: () => form.current?.clearCode(),
    report: failToast,
    // the phone's sign-in call is silent: its refusal is toasted here
    onRefused: (e) => failToast(e instanceof Error && e.message ? e.message : '登录失败'),
  });

  useEffect(() => {
    let live = true;
    getCommonConfig().then(
      (r) => live && useSession.getState().setLogoConfig(r.data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (sso.exchanging || sso.redirecting) {
    return (
      <div
        className={s.page}
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: 12 }}
      >
        <Suspense fallback={null}>
          <SpinLoading />
        </Suspense>
        <span>正在授权登录…</span>
      </div>
    );
  }

  const title = logoConfig?.front.title || '智慧校园综合服务平台';
  const passwordForm = (
    <MobileLoginForm
      handle={form}
      onSubmit={(v) => void submit(v)}
      submitting={submitting}
      captcha={<img className={s.captcha} {...captchaImage} />}
    />
  );
  return (
    <div className={s.loginPage}>
      <header className={s.brand}>
        <img src={logoConfig?.logo || '/logo.svg'} alt="" className={s.brandLogo} />
        <span className={s.brandTitle}>{title}</span>
      </header>
      <section className={s.card} aria-label="用户登录">
        <h1 className={s.cardTitle}>用户登录</h1>
        {sso.failure ? (
          <Suspense fallback={<span>{sso.failure.message}</span>}>
            <Result
              status="warning"
              title="统一身份认证登录失败"
              description={<span role="alert">{sso.failure.message}</span>}
            />
          </Suspense>
        ) : null}
        {sso.failure && (
          <div className={s.ssoActions}>
            <Button block color="primary" size="large" onClick={() => void sso.startSso()}>
              重新统一认证
            </Button>
            {!sso.passwordClosed && (
              <Button block size="large" onClick={sso.dismissFailure}>
                使用账号密码登录
              </Button>
            )}
          </div>
        )}
        {!sso.failure && !sso.passwordClosed && passwordForm}
        {!sso.failure && sso.ssoOn && (
          <div className={s.ssoActions}>
            <Button
              block
              size="large"
              color={sso.passwordClosed ? 'primary' : 'default'}
              onClick={() => void sso.startSso()}
            >
              统一身份认证登录
            </Button>
          </div>
        )}
      </section>
      <p className={s.note}>{ADMIN_ON_PHONE}</p>
      <p className={s.note}>
        <a href="/login" onClick={() => rememberDevice('desktop')}>
          使用电脑版登录
        </a>
      </p>
      {choosing && (
        <Suspense fallback={null}>
          <PlatformPicker
            visible
            closable={false}
            platforms={choosing}
            onClose={() => undefined}
            onEntered={() => navigate(mobileLanding(to), { replace: true })}
          />
        </Suspense>
      )}
    </div>
  );
}
