import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Form, Input, SpinLoading, Toast } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { encryptPassword, preloadEncryption } from '@/core/crypto/encrypt-password';
import { getPublicKey } from '@/core/crypto/public-key';
import { useSession } from '@/core/session/store';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, LOGIN_RETRY_DELAY_MS } from '@/shared/constants';
import type { PlatformMenus } from '@/shared/menus';
import { captchaUrl, getUrls, ssoExchange } from '@/modules/auth/api';
import type { LoginAnswer } from '@/modules/auth/contract';
import { completeSignIn } from '@/modules/auth/ui';
import { getCommonConfig } from '@/modules/org-config/api';
import { mobileLogin } from '@/modules/mobile/api';
import { rememberDevice } from '@/core/routing/device-choice';
import { PlatformPicker } from '../components/platform-picker';
import { ADMIN_ON_PHONE, mobileLanding, MOBILE_ME } from '../mobile-landing';
import s from '../mobile.module.css';

interface LoginForm {
  username: string;
  password: string;
  code: string;
}

const newCaptchaKey = () => `${Date.now()}${Math.random().toString().slice(2, 8)}`;
const failToast = (content: string) => Toast.show({ icon: 'fail', content, duration: 3000 });

/** /mobile/mobileLogin: the desktop sign-in protocol (captcha, OAEP password, SSO) at phone size. */
export default function MobileLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const logoConfig = useSession((st) => st.logoConfig);
  const to = params.get('to') ?? '';
  const ticket = params.get('ticket') ?? '';
  const ssoCode = params.get('code') ?? '';
  const [exchanging, setExchanging] = useState(Boolean(ticket || ssoCode));
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [submitting, setSubmitting] = useState(false);
  const [choosing, setChoosing] = useState<PlatformMenus[] | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refreshCaptcha = useCallback(() => setCaptchaKey(newCaptchaKey()), []);

  // After the answer: keep the session; a user with several platforms picks one first.
  const land = useCallback(
    async (answer: LoginAnswer) => {
      if (answer.is_admin === 1) {
        failToast(ADMIN_ON_PHONE);
        return;
      }
      if (answer.message) Toast.show({ content: answer.message, duration: 3000 });
      await completeSignIn(answer);
      rememberDevice('mobile');
      const target = answer.user_info.must_change_pwd === 1 ? `${MOBILE_ME}?changePassword=1` : mobileLanding(to);
      const platforms = answer.menus.plant_front;
      if (platforms.length > 1 && !useSession.getState().platform) setChoosing(platforms);
      else navigate(target, { replace: true });
    },
    [navigate, to],
  );

  useEffect(() => {
    let live = true;
    getPublicKey(true).catch(() => undefined);
    preloadEncryption();
    getCommonConfig().then(
      (r) => live && useSession.getState().setLogoConfig(r.data),
      () => undefined,
    );
    getUrls('login').then(
      (r) => {
        if (!live) return;
        const u = r.data;
        useSession.getState().setSsoInfo({
          cas_enable: u.cas_enable,
          is_admin_host: u.is_admin_host,
          retain_back_door: u.retain_back_door,
          logout_url: u.logout_url,
          sso_login_url: u.sso_login_url,
        });
        // SSO without a back door: the identity provider signs the phone in.
        if (u.cas_enable === 1 && u.retain_back_door === 0 && u.sso_login_url && !ticket && !ssoCode) {
          setExchanging(true);
          window.location.assign(u.sso_login_url);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // the SSO grant is read once, when the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back from SSO with a ticket (CAS) or code (OIDC): exchange it for a session.
  useEffect(() => {
    if (!ticket && !ssoCode) return;
    let live = true;
    ssoExchange({
      ticket: ticket || undefined,
      code: ssoCode || undefined,
      state: params.get('state') ?? undefined,
      to: to || undefined,
    })
      .then((r) => (live ? land(r.data) : undefined))
      .catch(() => {
        if (!live) return;
        setExchanging(false);
        navigate({ search: to ? `?to=${encodeURIComponent(to)}` : '' }, { replace: true });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const submit = async (v: LoginForm) => {
    let password: string;
    try {
      password = await encryptPassword(await getPublicKey(), v.password);
    } catch (e) {
      failToast(e instanceof Error && e.message ? e.message : '密码加密失败，请刷新页面后重试');
      return;
    }
    setSubmitting(true);
    try {
      const r = await mobileLogin({
        is_admin: 0,
        username: v.username.trim(),
        password,
        code: v.code.trim(),
        to: to || undefined,
      });
      await land(r.data);
      setSubmitting(false);
    } catch (e) {
      failToast(e instanceof Error && e.message ? e.message : '登录失败');
      // a used captcha is spent: a fresh one shortly after the failure
      retryTimer.current = setTimeout(() => {
        form.setFieldValue('code', '');
        refreshCaptcha();
        setSubmitting(false);
      }, LOGIN_RETRY_DELAY_MS);
    }
  };

  if (exchanging) {
    return (
      <div
        className={s.page}
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: 12 }}
      >
        <SpinLoading />
        <span>正在授权登录…</span>
      </div>
    );
  }

  const title = logoConfig?.front.title || '智慧校园综合服务平台';
  return (
    <div className={s.loginPage}>
      <header className={s.brand}>
        <img src={logoConfig?.logo || '/logo.svg'} alt="" className={s.brandLogo} />
        <span className={s.brandTitle}>{title}</span>
      </header>
      <section className={s.card} aria-label="用户登录">
        <h1 className={s.cardTitle}>用户登录</h1>
        {/* antd-mobile's Form.Item defaults its own trigger to onChange: each item names onBlur */}
        <Form
          name="mobile-login"
          form={form}
          layout="horizontal"
          onFinish={(v: LoginForm) => void submit(v)}
          requiredMarkStyle="none"
          footer={
            <Button block type="submit" color="primary" size="large" loading={submitting}>
              登 录
            </Button>
          }
        >
          <Form.Item
            name="username"
            label="用户名"
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input placeholder="用户名 / 学工号" autoComplete="username" maxLength={64} clearable />
          </Form.Item>
          <Form.Item
            name="password"
            label="密码"
            validateTrigger="onBlur"
            rules={[{ required: true, message: '请输入密码' }]}
          >
            <Input type="password" placeholder="密码" autoComplete="current-password" clearable />
          </Form.Item>
          <Form.Item
            name="code"
            validateTrigger="onBlur"
            label="验证码"
            rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
            extra={
              <img
                className={s.captcha}
                src={captchaUrl(captchaKey)}
                width={CAPTCHA_WIDTH}
                height={CAPTCHA_HEIGHT}
                alt="验证码"
                title="看不清？点击刷新"
                onClick={refreshCaptcha}
              />
            }
          >
            <Input placeholder="验证码" maxLength={8} autoComplete="off" />
          </Form.Item>
        </Form>
      </section>
      <p className={s.note}>{ADMIN_ON_PHONE}</p>
      <p className={s.note}>
        <a href="/login" onClick={() => rememberDevice('desktop')}>
          使用电脑版登录
        </a>
      </p>
      {choosing && (
        <PlatformPicker
          visible
          closable={false}
          platforms={choosing}
          onClose={() => undefined}
          onEntered={() => navigate(mobileLanding(to), { replace: true })}
        />
      )}
    </div>
  );
}
