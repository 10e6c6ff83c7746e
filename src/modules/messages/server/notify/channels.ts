import type { FastifyInstance } from 'fastify';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/dialect';
import { AppError } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import { getSetting, putSetting } from '@/server/identity/settings';
import { localKey, open, seal } from '@/server/secret-box';
import { Codes } from '@/shared/errors';
import {
  NOTIFY_CHANNELS,
  validEmail,
  validMobile,
  type ChannelView,
  type EmailSettings,
  type NotifyChannel,
  type SaveChannelBody,
  type SmsSettings,
} from '@/modules/messages/notify-contract';
import type { ChannelConfig } from './senders/types';
import '../tables';

/**
 * The key channel secrets are sealed with (`@/server/secret-box`): the data-source key
 * (DATA_SOURCE_KEY, required in production), or outside production a key made once into
 * DATA_DIR/notify.key.
 */
export function notifyKey(config: Pick<Config, 'dataSourceKey' | 'dataDir' | 'production'>): Buffer {
  if (config.dataSourceKey) return config.dataSourceKey;
  if (config.production) throw new Error('DATA_SOURCE_KEY is required when NODE_ENV=production');
  return localKey(config.dataDir, 'notify.key');
}

export const DEFAULT_SETTINGS: Record<NotifyChannel, Record<string, unknown>> = {
  email: {
    host: '',
    port: 587,
    security: 'starttls',
    allowSelfSigned: false,
    from: '',
    user: '',
  } satisfies EmailSettings,
  sms: { url: '', appKey: '', signName: '', templateCode: '' } satisfies SmsSettings,
  wecom: {},
  dingtalk: {},
};

/** What templates need besides the message: the portal's address (absolute links) and its name. */
export interface GeneralSettings {
  portalUrl: string;
  siteName: string;
}
const GENERAL_KEY = 'notify.general';
export async function generalSettings(app: FastifyInstance): Promise<GeneralSettings> {
  const s = await getSetting<Partial<GeneralSettings>>(app.db, GENERAL_KEY);
  return {
    portalUrl:
      s?.portalUrl || `http://${app.config.host === '0.0.0.0' ? '127.0.0.1' : app.config.host}:${app.config.port}`,
    siteName: s?.siteName || '综合服务门户',
  };
}
export async function saveGeneral(
  app: FastifyInstance,
  auth: AuthContext,
  g: GeneralSettings,
  ip: string,
): Promise<void> {
  if (g.portalUrl && !/^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/.test(g.portalUrl))
    throw new AppError(
      Codes.notifyChannelConfig,
      400,
      '门户地址须为 http(s):// 开头的网址，例如 https://portal.example.edu.cn',
    );
  await app.db.transaction().execute(async (trx) => {
    await putSetting(trx, GENERAL_KEY, { portalUrl: g.portalUrl.replace(/\/+$/, ''), siteName: g.siteName.trim() });
    await audit(trx, { action: 'notify.general', result: 'ok', actorId: auth.userId, actorName: auth.realName, ip });
  });
}

interface Secrets {
  secret?: string;
  secret2?: string;
}

function openSecrets(key: Buffer, sealed: string | null): Secrets {
  if (!sealed) return {};
  try {
    return JSON.parse(open(key, sealed)) as Secrets;
  } catch {
    // A changed key: the channel reads as having no secret (the back office asks for it again).
    return {};
  }
}

/** A channel's configuration with its secrets opened (sending only; never answered). */
export async function loadChannel(
  app: FastifyInstance,
  channel: NotifyChannel,
): Promise<(ChannelConfig & { enabled: boolean }) | null> {
  const row = await app.db.selectFrom('notifyChannel').selectAll().where('channel', '=', channel).executeTakeFirst();
  if (!row) return null;
  const secrets = openSecrets(notifyKey(app.config), row.secretEnc);
  return {
    enabled: row.enabled === 1,
    settings: { ...DEFAULT_SETTINGS[channel], ...(JSON.parse(row.settings) as Record<string, unknown>) },
    secret: secrets.secret ?? '',
    secret2: secrets.secret2 ?? '',
  };
}

/** The webhook's scheme and host, to recognise it by: never its path or key. */
const hostOf = (url: string | undefined) => (url ? (/^(https?:\/\/[^/?#]+)/.exec(url)?.[1] ?? '') : '');

/** Every outside channel as 通知渠道 shows it; secrets only as "stored or not". */
export async function listChannels(app: FastifyInstance): Promise<ChannelView[]> {
  const rows = await app.db.selectFrom('notifyChannel').selectAll().execute();
  const key = notifyKey(app.config);
  return NOTIFY_CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    const secrets = row ? openSecrets(key, row.secretEnc) : {};
    return {
      channel,
      enabled: row?.enabled === 1,
      settings: { ...DEFAULT_SETTINGS[channel], ...(row ? (JSON.parse(row.settings) as Record<string, unknown>) : {}) },
      keyStored: !!secrets.secret,
      webhookHost: channel === 'wecom' || channel === 'dingtalk' ? hostOf(secrets.secret) : '',
      updatedAt: row?.updatedAt ?? null,
    };
  });
}

const bad = (message: string) => new AppError(Codes.notifyChannelConfig, 400, message);
const str = (v: unknown, name: string, max = 255): string => {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string' || v.length > max) throw bad(`${name}格式不正确`);
  return v.trim();
};
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;
/** "Name <address>" or a bare address. */
const fromAddress = (from: string) => validEmail(/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from);

/** The settings of a channel, checked field by field (the schema lets any object in). */
function checkSettings(channel: NotifyChannel, raw: Record<string, unknown>): Record<string, unknown> {
  if (channel === 'email') {
    const port = raw.port;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
      throw bad('端口须为 1–65535 的整数');
    const security = raw.security;
    if (security !== 'tls' && security !== 'starttls' && security !== 'none')
      throw bad('加密方式须为 SSL/TLS、STARTTLS 或不加密');
    const s: EmailSettings & { demoSink?: boolean } = {
      host: str(raw.host, 'SMTP 服务器'),
      port,
      security,
      allowSelfSigned: raw.allowSelfSigned === true,
      from: str(raw.from, '发件人'),
      user: str(raw.user, '用户名'),
    };
    if (s.from && !fromAddress(s.from)) throw bad('发件人须为邮箱地址，例如 门户 <noreply@example.edu.cn>');
    if (s.host && !/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/.test(s.host)) throw bad('SMTP 服务器须为主机名或 IP 地址');
    return s;
  }
  if (channel === 'sms') {
    const s: SmsSettings = {
      url: str(raw.url, '网关地址', 500),
      appKey: str(raw.appKey, 'AppKey', 200),
      signName: str(raw.signName, '短信签名', 50),
      templateCode: str(raw.templateCode, '模板编号', 100),
    };
    if (s.url && !HTTP_URL.test(s.url)) throw bad('网关地址须为 http(s):// 开头的网址');
    return s;
  }
  return {};
}

/** What an enabled channel cannot do without. */
function missingForUse(channel: NotifyChannel, s: Record<string, unknown>, secrets: Secrets): string | null {
  if (channel === 'email')
    return !s.host ? 'SMTP 服务器' : !s.from ? '发件人' : s.user && !secrets.secret ? '密码' : null;
  if (channel === 'sms') return !s.url ? '网关地址' : !s.appKey ? 'AppKey' : !secrets.secret ? 'AppSecret' : null;
  return secrets.secret ? null : 'Webhook 地址';
}

/** 通知渠道 保存: settings checked, secrets sealed (an empty secret keeps the stored one), one audit row. */
export async function saveChannel(
  app: FastifyInstance,
  auth: AuthContext,
  body: SaveChannelBody,
  ip: string,
): Promise<ChannelView> {
  const { channel } = body;
  const settings = checkSettings(channel, body.settings);
  const key = notifyKey(app.config);
  const row = await app.db
    .selectFrom('notifyChannel')
    .select('secretEnc')
    .where('channel', '=', channel)
    .executeTakeFirst();
  const secrets = openSecrets(key, row?.secretEnc ?? null);
  if (body.secret) {
    if ((channel === 'wecom' || channel === 'dingtalk') && !HTTP_URL.test(body.secret.trim()))
      throw bad('Webhook 地址须为 http(s):// 开头的网址');
    secrets.secret = channel === 'email' ? body.secret : body.secret.trim();
  }
  if (body.secret2 !== undefined && body.secret2 !== '') secrets.secret2 = body.secret2.trim();
  if (body.enabled) {
    const missing = missingForUse(channel, settings, secrets);
    if (missing) throw bad(`启用前请填写${missing}`);
  }
  const sealed = secrets.secret || secrets.secret2 ? seal(key, JSON.stringify(secrets)) : null;
  const now = Date.now();
  const values = {
    enabled: body.enabled ? 1 : 0,
    settings: JSON.stringify(settings),
    secretEnc: sealed,
    updatedAt: now,
  };
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notifyChannel')
      .values({ channel, ...values })
      .onConflict((oc) => oc.column('channel').doUpdateSet(values))
      .execute();
    await audit(trx, {
      action: 'notify.channel',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.realName,
      target: channel,
      // Which fields changed, never their secret values.
      detail: `${body.enabled ? '启用' : '停用'}${body.secret ? '，更新密钥' : ''}`,
      ip,
    });
  });
  return (await listChannels(app)).find((c) => c.channel === channel)!;
}

/** The address format a channel needs: e-mail for e-mail, a mainland mobile for the rest. */
export function checkAddress(channel: NotifyChannel, address: string): void {
  const ok = channel === 'email' ? validEmail(address) : validMobile(address);
  if (!ok)
    throw new AppError(
      Codes.notifyBadAddress,
      400,
      channel === 'email' ? '请输入正确的邮箱地址' : '请输入正确的 11 位手机号',
    );
}

/** First start with SMTP_HOST set and no e-mail channel yet: production's SMTP relay from the environment. */
export async function channelFromEnv(app: FastifyInstance, env: NodeJS.ProcessEnv): Promise<void> {
  const host = env.SMTP_HOST?.trim();
  if (!host) return;
  const exists = await app.db
    .selectFrom('notifyChannel')
    .select('channel')
    .where('channel', '=', 'email')
    .executeTakeFirst();
  if (exists) return;
  const security = env.SMTP_SECURE?.trim() || 'starttls';
  const settings = checkSettings('email', {
    host,
    port: Number(env.SMTP_PORT || (security === 'tls' ? 465 : 587)),
    security,
    allowSelfSigned: false,
    from: env.SMTP_FROM?.trim() || '',
    user: env.SMTP_USER?.trim() || '',
  });
  const pass = env.SMTP_PASS ?? '';
  await app.db
    .insertInto('notifyChannel')
    .values({
      channel: 'email',
      enabled: settings.from ? 1 : 0,
      settings: JSON.stringify(settings),
      secretEnc: pass ? seal(notifyKey(app.config), JSON.stringify({ secret: pass })) : null,
      updatedAt: Date.now(),
    })
    .onConflict((oc) => oc.column('channel').doNothing())
    .execute();
}

/** Used by the demo sink: points an unconfigured (or demo) e-mail channel at the sink's port, on. */
export async function pointEmailAt(db: Db, port: number): Promise<void> {
  const row = await db.selectFrom('notifyChannel').select('settings').where('channel', '=', 'email').executeTakeFirst();
  if (row && !(JSON.parse(row.settings) as { demoSink?: boolean }).demoSink) return;
  const settings = JSON.stringify({
    host: '127.0.0.1',
    port,
    security: 'none',
    allowSelfSigned: false,
    from: '华夏理工大学综合服务门户 <noreply@hxlg.edu.cn>',
    user: '',
    demoSink: true,
  });
  const values = { enabled: 1, settings, secretEnc: null, updatedAt: Date.now() };
  await db
    .insertInto('notifyChannel')
    .values({ channel: 'email', ...values })
    .onConflict((oc) => oc.column('channel').doUpdateSet({ settings, updatedAt: values.updatedAt }))
    .execute();
}
