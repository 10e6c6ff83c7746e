import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { audit } from '@/server/identity/audit';
import { badInput } from '@/server/errors';
import { SaveSsoBody, TestSsoBody, type SsoSettings, type SsoTestResult } from '@/modules/site-settings/contract';
import { trimSlash } from './cas';
import { getSsoConfig, putSsoConfig, type SsoConfig, type SsoProvision } from './sso-config';
import { originOf } from './service';

/** How long "test connection" waits for the SSO server. */
export const SSO_TEST_TIMEOUT_MS = 5000;

export const DEFAULT_PROVISION: SsoProvision = {
  enabled: false,
  kind: 'student',
  nameClaim: '',
  departmentClaim: '',
  userNoClaim: '',
  emailClaim: '',
};

/**
 * What the back office may see of the stored setting (never the client secret), with the
 * addresses of this site an operator registers at the provider.
 */
export function publicSettings(c: SsoConfig, origin: string): SsoSettings {
  return {
    kind: c.kind,
    cas: c.cas ? { serverUrl: c.cas.serverUrl } : null,
    oidc: c.oidc
      ? {
          issuer: c.oidc.issuer,
          clientId: c.oidc.clientId,
          redirectUri: c.oidc.redirectUri,
          secretSet: !!c.oidc.clientSecret,
        }
      : null,
    retainBackDoor: c.retainBackDoor,
    adminHost: c.adminHost,
    userLoginEnable: c.userLoginEnable,
    adminLoginEnable: c.adminLoginEnable,
    logoutUrl: c.logoutUrl ?? '',
    match: c.match ?? { field: 'username', claim: '' },
    provision: c.provision ?? DEFAULT_PROVISION,
    backchannelLogoutUri: `${origin}/user/login/backchannel_logout/`,
    signInPages: [`${origin}/login`, `${origin}/loginAdmin`],
  };
}

/** The form's values over the stored setting: an empty secret keeps the stored one. */
function mergeSettings(body: SaveSsoBody, stored: SsoConfig): SsoConfig {
  if (!body.userLoginEnable && !body.adminLoginEnable)
    throw badInput('用户登录与管理员登录不能同时关闭', { field: 'userLoginEnable' });
  if (body.kind === 'cas' && !body.cas) throw badInput('请填写 CAS 服务器地址', { field: 'cas.serverUrl' });
  if (body.kind === 'oidc' && !body.oidc) throw badInput('请填写 OIDC 设置', { field: 'oidc.issuer' });
  let oidc: SsoConfig['oidc'];
  if (body.oidc) {
    const secret = body.oidc.clientSecret || stored.oidc?.clientSecret || '';
    if (!secret && body.kind === 'oidc') throw badInput('请填写客户端密钥', { field: 'oidc.clientSecret' });
    // A half-filled OIDC block (no secret yet) is only kept while OIDC is not the chosen kind.
    oidc = secret
      ? {
          issuer: body.oidc.issuer,
          clientId: body.oidc.clientId.trim(),
          clientSecret: secret,
          redirectUri: body.oidc.redirectUri,
        }
      : undefined;
  } else {
    oidc = stored.oidc;
  }
  return {
    kind: body.kind,
    ...(body.cas ? { cas: { serverUrl: body.cas.serverUrl } } : stored.cas ? { cas: stored.cas } : {}),
    ...(oidc ? { oidc } : {}),
    retainBackDoor: body.retainBackDoor,
    adminHost: body.adminHost.trim(),
    userLoginEnable: body.userLoginEnable,
    adminLoginEnable: body.adminLoginEnable,
    logoutUrl: body.logoutUrl,
    ...(body.match ? { match: body.match } : stored.match ? { match: stored.match } : {}),
    ...(body.provision ? { provision: body.provision } : stored.provision ? { provision: stored.provision } : {}),
  };
}

const reason = (e: unknown) => {
  const err = e as { name?: string; cause?: { code?: string; errors?: { code?: string }[] } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `${SSO_TEST_TIMEOUT_MS / 1000} 秒内无应答`;
  // undici reports a refused connection as the cause, or as an AggregateError of each address tried.
  const code = err.cause?.code ?? err.cause?.errors?.find((x) => x.code)?.code;
  return code ? `连接失败（${code}）` : '连接失败';
};

/** CAS: the login page answers; OIDC: the discovery document is readable and names the same issuer. */
export async function testSso(body: TestSsoBody): Promise<SsoTestResult> {
  const base = trimSlash(body.url);
  if (body.kind === 'cas') {
    try {
      const res = await fetch(`${base}/login`, {
        signal: AbortSignal.timeout(SSO_TEST_TIMEOUT_MS),
        redirect: 'manual',
      });
      await res.body?.cancel();
      if (res.status >= 400) return { ok: false, message: `CAS 服务器应答 HTTP ${res.status}` };
      return { ok: true, message: `CAS 服务器可以访问（HTTP ${res.status}）` };
    } catch (e) {
      return { ok: false, message: `无法访问 CAS 服务器：${reason(e)}` };
    }
  }
  let doc: { issuer?: unknown; authorization_endpoint?: unknown; token_endpoint?: unknown };
  try {
    const res = await fetch(`${base}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(SSO_TEST_TIMEOUT_MS),
      redirect: 'manual',
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      return { ok: false, message: `无法读取身份提供方的配置：HTTP ${res.status}` };
    }
    doc = (await res.json()) as typeof doc;
  } catch (e) {
    const err = e as { name?: string };
    return {
      ok: false,
      message: err.name === 'SyntaxError' ? '身份提供方的配置不是 JSON' : `无法访问身份提供方：${reason(e)}`,
    };
  }
  if (typeof doc.issuer !== 'string' || trimSlash(doc.issuer) !== base) {
    return {
      ok: false,
      message: `issuer 不一致：配置文档为 ${typeof doc.issuer === 'string' ? doc.issuer : '（无）'}`,
    };
  }
  if (typeof doc.authorization_endpoint !== 'string' || typeof doc.token_endpoint !== 'string') {
    return { ok: false, message: '身份提供方的配置不完整' };
  }
  return { ok: true, message: '身份提供方配置读取成功，issuer 一致' };
}

/** Back-office editing of the `sso` setting (administrators): read without the secret, save, test. */
export async function ssoSettingsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/user/api/v1.sso/settings/', { config: { access: 'admin' } }, async (req) =>
    ok(publicSettings(await getSsoConfig(app.db), originOf(req))),
  );

  app.post('/user/api/v1.sso/save/', { schema: { body: SaveSsoBody }, config: { access: 'admin' } }, async (req) => {
    const auth = req.auth!;
    const saved = await app.db.transaction().execute(async (trx) => {
      const next = mergeSettings(req.body, await getSsoConfig(trx));
      await putSsoConfig(trx, next);
      const shown = publicSettings(next, originOf(req));
      await audit(trx, {
        action: 'sso_saved',
        result: 'ok',
        actorId: auth.userId,
        actorName: auth.username,
        target: 'sso',
        detail: JSON.stringify(shown),
        ip: req.ip,
      });
      return shown;
    });
    return ok(saved, '保存成功');
  });

  app.post('/user/api/v1.sso/test/', { schema: { body: TestSsoBody }, config: { access: 'admin' } }, async (req) =>
    ok(await testSso(req.body)),
  );
}
