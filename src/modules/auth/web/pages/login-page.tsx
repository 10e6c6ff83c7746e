import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, Divider, Form, Radio } from 'antd';
import { IdcardOutlined, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { PasswordInput, TextInput } from '@/core/ui/text-input';
import { useSession } from '@/core/session/store';
import { RECOMMENDED_RESOLUTION } from '@/shared/constants';
import { getCommonConfig, getLoginConfig } from '@/modules/org-config/api';
import type { LoginConfig } from '@/modules/org-config/contract';
import { adminSsoLogin, login, ssoExchange } from '@/modules/auth/api';
import type { LoginAnswer } from '@/modules/auth/contract';
import { useSignInFlow, type SignInFields } from '@/modules/auth/sign-in-flow';
import { useSsoSignIn } from '@/modules/auth/sso-sign-in';
import { completeSignIn, openPath } from '../complete-sign-in';
import s from './login-page.module.css';
import { FilingLinks } from '@/core/ui/filing-links';
import { isPhone, MOBILE_LOGIN_PATH, prefersMobile, rememberDevice } from '@/core/routing/device-choice';

const USER_PATH = '/login';
const ADMIN_PATH = '/loginAdmin';
const DEFAULT_BROWSER_NOTE = 'Chrome / Edge / Firefox 最新版浏览器';

// Drawn only after a single sign-on return, so not part of the page's first load (issue 14).
const Result = lazy(() => import('./login-extras').then((m) => ({ default: m.Result })));
const Spin = lazy(() => import('./login-extras').then((m) => ({ default: m.Spin })));

/** /login and /loginAdmin (spec sections 2, 4, 5): the path decides which side signs in. */
export default function LoginPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<SignInFields>();
  const isAdmin = pathname === ADMIN_PATH;
  const logoConfig = useSession((st) => st.logoConfig);

  const ticket = params.get('ticket') ?? '';
  const ssoCode = params.get('code') ?? '';
  const to = params.get('to') ?? '';
  const [loginConfig, setLoginConfig] = useState<LoginConfig | null>(null);

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
      // The answer's warning and error are notices (spec section 3); signing in goes on.
      if (answer.message) notification.warning({ message: '提示', description: answer.message });
      if (answer.error) notification.error({ message: '登录提醒', description: answer.error });
      openPath(await completeSignIn(answer), navigate);
    },
    [navigate, notification],
  );

  const sso = useSsoSignIn({
    page: isAdmin ? 'loginAdmin' : 'login',
    exchange: isAdmin ? adminSsoLogin : ssoExchange,
    land,
  });
  const { urls, failure } = sso;
  // With the back door closed the form is hidden, but for the administrators' break-glass (asked for by hand).
  const [wantPassword, setWantPassword] = useState(() => params.get('password') === '1');
  const showForm = !sso.passwordClosed || (isAdmin && wantPassword);
  const { captchaImage, refreshCaptcha, submitting, submit } = useSignInFlow({
    isAdmin,
    to,
    send: login,
    land,
    clearCode: () => form.setFieldValue('code', ''),
    report: (text) => message.error(text),
  });

  // Page look (which sides are on and SSO come with useSsoSignIn).
  useEffect(() => {
    let live = true;
    getLoginConfig().then(
      (r) => live && setLoginConfig(r.data),
      () => undefined,
    );
    getCommonConfig().then(
      (r) => live && useSession.getState().setLogoConfig(r.data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // A side the server switched off sends the visitor to the other one.
  useEffect(() => {
    if (!urls) return;
    const other = isAdmin ? urls.user_login_enable === 1 && USER_PATH : urls.admin_login_enable === 1 && ADMIN_PATH;
    const thisSideOff = isAdmin ? urls.admin_login_enable !== 1 : urls.user_login_enable !== 1;
    if (thisSideOff && other) navigate({ pathname: other, search: window.location.search }, { replace: true });
  }, [urls, isAdmin, navigate]);

  const switchSide = (admin: boolean) => {
    form.resetFields();
    refreshCaptcha();
    navigate({ pathname: admin ? ADMIN_PATH : USER_PATH, search: to ? `?to=${encodeURIComponent(to)}` : '' });
  };

  if (sso.exchanging || sso.redirecting) {
    return (
      <div className={s.authorizing}>
        <Suspense fallback={null}>
          <Spin fullscreen size="large" description="正在授权登录…" />
        </Suspense>
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
          {failure ? (
            <Suspense fallback={<span>{failure.message}</span>}>
              <Result
                className={s.ssoFailure}
                status="warning"
                title="统一身份认证登录失败"
                subTitle={<span role="alert">{failure.message}</span>}
                extra={
                  <div className={s.ssoFailureActions}>
                    <Button type="primary" block size="large" onClick={() => void sso.startSso()}>
                      重新统一认证
                    </Button>
                    {(!sso.passwordClosed || isAdmin) && (
                      <Button
                        block
                        size="large"
                        onClick={() => {
                          setWantPassword(true);
                          sso.dismissFailure();
                        }}
                      >
                        {sso.passwordClosed ? '管理员应急密码登录' : '使用账号密码登录'}
                      </Button>
                    )}
                    {isAdmin && urls?.user_login_enable !== 0 && (
                      <a href={USER_PATH} onClick={(e) => (e.preventDefault(), switchSide(false))}>
                        不是管理员？返回用户登录
                      </a>
                    )}
                  </div>
                }
              />
            </Suspense>
          ) : (
            <>
              {showForm && (
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
                      <Form.Item
                        name="code"
                        noStyle
                        rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
                      >
                        <TextInput
                          prefix={<SafetyCertificateOutlined />}
                          placeholder="验证码"
                          maxLength={8}
                          className={s.captchaInput}
                        />
                      </Form.Item>
                      <img className={s.captcha} {...captchaImage} />
                    </div>
                  </Form.Item>
                  <Button type="primary" htmlType="submit" block loading={submitting} className={s.submit}>
                    登 录
                  </Button>
                </Form>
              )}
              {sso.ssoOn && (
                <>
                  {showForm && (
                    <Divider plain className={s.ssoDivider}>
                      或
                    </Divider>
                  )}
                  <Button block size="large" icon={<IdcardOutlined />} onClick={() => void sso.startSso()}>
                    统一身份认证登录
                  </Button>
                  {!showForm && isAdmin && (
                    <button type="button" className={s.linkButton} onClick={() => setWantPassword(true)}>
                      管理员应急密码登录
                    </button>
                  )}
                </>
              )}
            </>
          )}
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
