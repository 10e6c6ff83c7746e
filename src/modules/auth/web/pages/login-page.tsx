import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Form, Radio, Spin } from 'antd';
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { PasswordInput, TextInput } from '@/core/ui/text-input';
import { encryptPassword, preloadEncryption } from '@/core/crypto/encrypt-password';
import { getPublicKey } from '@/core/crypto/public-key';
import { useSession } from '@/core/session/store';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, LOGIN_RETRY_DELAY_MS, RECOMMENDED_RESOLUTION } from '@/shared/constants';
import { getCommonConfig, getLoginConfig } from '@/modules/org-config/api';
import type { LoginConfig } from '@/modules/org-config/contract';
import { adminSsoLogin, captchaUrl, getUrls, login, ssoExchange } from '@/modules/auth/api';
import type { LoginAnswer, UrlsAnswer } from '@/modules/auth/contract';
import { completeSignIn, openPath } from '../complete-sign-in';
import s from './login-page.module.css';
import { FilingLinks } from '@/core/ui/filing-links';
import { isPhone, MOBILE_LOGIN_PATH, prefersMobile, rememberDevice } from '@/core/routing/device-choice';

interface LoginForm {
  username: string;
  password: string;
  code: string;
}

const USER_PATH = '/login';
const ADMIN_PATH = '/loginAdmin';
const DEFAULT_BROWSER_NOTE = 'Chrome / Edge / Firefox 最新版浏览器';

const newCaptchaKey = () => `${Date.now()}${Math.random().toString().slice(2, 8)}`;

/** /login and /loginAdmin (spec sections 2, 4, 5): the path decides which side signs in. */
export default function LoginPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<LoginForm>();
  const isAdmin = pathname === ADMIN_PATH;
  const logoConfig = useSession((st) => st.logoConfig);

  const ticket = params.get('ticket') ?? '';
  const ssoCode = params.get('code') ?? '';
  const to = params.get('to') ?? '';
  const [exchanging, setExchanging] = useState(Boolean(ticket || ssoCode));
  const [urls, setUrls] = useState<UrlsAnswer | null>(null);
  const [loginConfig, setLoginConfig] = useState<LoginConfig | null>(null);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [submitting, setSubmitting] = useState(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refreshCaptcha = useCallback(() => setCaptchaKey(newCaptchaKey()), []);

  // A phone is offered the phone login; one that chose it before goes straight there.
  const [offerMobile, setOfferMobile] = useState(() => !isAdmin && isPhone());
  const toMobile = useCallback(() => {
    rememberDevice('mobile');
    navigate({ pathname: MOBILE_LOGIN_PATH, search: to ? `?to=${encodeURIComponent(to)}` : '' }, { replace: true });
  }, [navigate, to]);
  useEffect(() => {
    if (offerMobile && !ticket && !ssoCode && prefersMobile()) toMobile();
    // decided once, when a phone opens the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const land = useCallback(
    async (answer: LoginAnswer) => {
      if (answer.message) notification.warning({ message: '提示', description: answer.message });
      openPath(await completeSignIn(answer), navigate);
    },
    [navigate, notification],
  );

  useEffect(preloadEncryption, []);

  // Page look and which sides are on; SSO without a back door sends the browser away.
  useEffect(() => {
    let live = true;
    // a key kept from an earlier visit may be stale (the server made a new pair): fetch it afresh
    getPublicKey(true).catch(() => undefined);
    getLoginConfig().then(
      (r) => live && setLoginConfig(r.data),
      () => undefined,
    );
    getCommonConfig().then(
      (r) => live && useSession.getState().setLogoConfig(r.data),
      () => undefined,
    );
    getUrls(isAdmin ? 'loginAdmin' : 'login').then(
      (r) => {
        if (!live) return;
        const u = r.data;
        setUrls(u);
        useSession.getState().setSsoInfo({
          cas_enable: u.cas_enable,
          is_admin_host: u.is_admin_host,
          retain_back_door: u.retain_back_door,
          logout_url: u.logout_url,
          sso_login_url: u.sso_login_url,
        });
        const hasGrant =
          new URLSearchParams(window.location.search).has('ticket') ||
          new URLSearchParams(window.location.search).has('code');
        if (u.cas_enable === 1 && u.retain_back_door === 0 && u.sso_login_url && !hasGrant) {
          setExchanging(true);
          window.location.assign(u.sso_login_url);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isAdmin]);

  // A side the server switched off sends the visitor to the other one.
  useEffect(() => {
    if (!urls) return;
    const other = isAdmin ? urls.user_login_enable === 1 && USER_PATH : urls.admin_login_enable === 1 && ADMIN_PATH;
    const thisSideOff = isAdmin ? urls.admin_login_enable !== 1 : urls.user_login_enable !== 1;
    if (thisSideOff && other) navigate({ pathname: other, search: window.location.search }, { replace: true });
  }, [urls, isAdmin, navigate]);

  // Single sign-on: exchange the ticket (CAS) or code (OIDC) for a session.
  useEffect(() => {
    if (!ticket && !ssoCode) return;
    let live = true;
    const grant = {
      ticket: ticket || undefined,
      code: ssoCode || undefined,
      state: params.get('state') ?? undefined,
      to: to || undefined,
    };
    (isAdmin ? adminSsoLogin(grant) : ssoExchange(grant))
      .then((r) => (live ? land(r.data) : undefined))
      .catch(() => {
        if (!live) return;
        setExchanging(false);
        navigate({ pathname, search: to ? `?to=${encodeURIComponent(to)}` : '' }, { replace: true });
      });
    return () => {
      live = false;
    };
    // the grant is used once, when the page opens with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const switchSide = (admin: boolean) => {
    form.resetFields();
    refreshCaptcha();
    navigate({ pathname: admin ? ADMIN_PATH : USER_PATH, search: to ? `?to=${encodeURIComponent(to)}` : '' });
  };

  const submit = async (v: LoginForm) => {
    let password: string;
    try {
      password = await encryptPassword(await getPublicKey(), v.password);
    } catch (e) {
      message.error(e instanceof Error && e.message ? e.message : '密码加密失败，请刷新页面后重试');
      return;
    }
    setSubmitting(true);
    try {
      const r = await login({
        is_admin: isAdmin ? 1 : 0,
        username: v.username.trim(),
        password,
        code: v.code.trim(),
        to,
      });
      await land(r.data);
    } catch {
      // the request layer already showed the server's message
      retryTimer.current = setTimeout(() => {
        form.setFieldValue('code', '');
        refreshCaptcha();
        setSubmitting(false);
      }, LOGIN_RETRY_DELAY_MS);
    }
  };

  if (exchanging) {
    return (
      <div className={s.authorizing}>
        <Spin fullscreen size="large" description="正在授权登录…" />
      </div>
    );
  }

  const showToggle = !urls || (urls.user_login_enable === 1 && urls.admin_login_enable === 1);
  const title = logoConfig?.front.title || '智慧校园综合服务平台';
  const browserNote = loginConfig?.browsers.length
    ? `推荐浏览器：${loginConfig.browsers.join('、')}`
    : DEFAULT_BROWSER_NOTE;
  const resolution = loginConfig?.resolution || RECOMMENDED_RESOLUTION;
  const background = loginConfig?.picture
    ? { backgroundImage: `url(${JSON.stringify(loginConfig.picture)})` }
    : undefined;

  return (
    <div className={s.page} style={background}>
      <div className={s.shade} />
      {offerMobile && (
        <div className={s.mobileOffer} role="note">
          <a
            href={MOBILE_LOGIN_PATH}
            onClick={(e) => {
              e.preventDefault();
              toMobile();
            }}
          >
            使用手机版登录
          </a>
          <button
            type="button"
            onClick={() => {
              rememberDevice('desktop');
              setOfferMobile(false);
            }}
          >
            继续使用电脑版
          </button>
        </div>
      )}
      <header className={s.brand}>
        <img src={logoConfig?.logo || '/logo.svg'} alt="" className={s.brandLogo} />
        <span className={s.brandTitle}>{title}</span>
      </header>

      <main className={s.main}>
        <section className={s.intro}>
          <h1 className={s.introTitle}>{title}</h1>
          <p className={s.introText}>一站式办事服务 · 统一身份认证 · 数据互联共享</p>
          <ul className={s.introList}>
            <li>网上办事大厅，事项在线申请、进度随时查询</li>
            <li>审批中心集中处理待办，流程全程留痕</li>
            <li>个人数据中心，信息一处维护、多处使用</li>
          </ul>
        </section>

        <section className={s.card} aria-label={isAdmin ? '管理员登录' : '用户登录'}>
          <h2 className={s.cardTitle}>{isAdmin ? '管理员登录' : '用户登录'}</h2>
          <p className={s.cardSub}>{isAdmin ? '后台管理系统' : '欢迎使用统一身份认证'}</p>
          {showToggle && (
            <Radio.Group
              className={s.toggle}
              block
              optionType="button"
              buttonStyle="solid"
              value={isAdmin ? 'admin' : 'user'}
              onChange={(e) => switchSide(e.target.value === 'admin')}
              options={[
                { label: '用户登录', value: 'user' },
                { label: '管理员登录', value: 'admin' },
              ]}
            />
          )}
          <Form
            name="login-page"
            form={form}
            size="large"
            validateTrigger="onBlur"
            onFinish={submit}
            autoComplete="off"
            requiredMark={false}
          >
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <TextInput
                prefix={<UserOutlined />}
                placeholder="用户名 / 学工号"
                autoComplete="username"
                maxLength={64}
              />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <PasswordInput prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
            </Form.Item>
            <Form.Item>
              <div className={s.captchaRow}>
                <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
                  <TextInput
                    prefix={<SafetyCertificateOutlined />}
                    placeholder="验证码"
                    maxLength={8}
                    className={s.captchaInput}
                  />
                </Form.Item>
                <img
                  className={s.captcha}
                  src={captchaUrl(captchaKey)}
                  width={CAPTCHA_WIDTH}
                  height={CAPTCHA_HEIGHT}
                  alt="验证码"
                  title="看不清？点击刷新"
                  onClick={refreshCaptcha}
                />
              </div>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} className={s.submit}>
              登 录
            </Button>
          </Form>
        </section>
      </main>

      <footer className={s.footer}>
        <div>
          建议使用 {resolution} 分辨率，{browserNote}
        </div>
        <div className={s.filings}>
          {loginConfig?.copyright && <span>{loginConfig.copyright}</span>}
          {loginConfig && <FilingLinks filings={loginConfig.filings} />}
        </div>
      </footer>
    </div>
  );
}
