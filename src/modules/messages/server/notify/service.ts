import type { FastifyInstance } from 'fastify';
import { paginate } from '@/server/db/paginate';
import { AppError } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import { Codes } from '@/shared/errors';
import { MESSAGE_KINDS, type MessageKind } from '@/modules/messages/contract';
import {
  maskAddress,
  NOTIFY_CHANNELS,
  NOTIFY_CHANNEL_LABELS,
  SAMPLE_VARIABLES,
  validEmail,
  validMobile,
  variablesOf,
  type DeliveryQuery,
  type DeliveryRow,
  type MyPreferences,
  type NotifyChannel,
  type NotifyTemplate,
  type SaveTemplateBody,
  type TestChannelAnswer,
} from '@/modules/messages/notify-contract';
import { DEFAULT_TEMPLATES, unknownVariables } from '@/modules/messages/notify-template';
import { checkAddress, generalSettings, loadChannel } from './channels';
import { renderFor } from './deliver';
import { addressFor, defaultChoice, enabledChannels, storedChoices } from './preferences';
import { SENDERS } from './senders';
import { SendFailure } from './senders/types';
import '../tables';

// ---- 消息模板 ----

export async function listTemplates(app: FastifyInstance): Promise<NotifyTemplate[]> {
  const rows = await app.db.selectFrom('notifyTemplate').select(['kind', 'subject', 'body']).execute();
  return MESSAGE_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, ...(row ?? DEFAULT_TEMPLATES[kind]), custom: !!row, variables: variablesOf(kind) };
  });
}

/** Saves a kind's template; a variable the kind does not offer is refused, each one listed. */
export async function saveTemplate(
  app: FastifyInstance,
  auth: AuthContext,
  body: SaveTemplateBody,
  ip: string,
): Promise<void> {
  const unknown = unknownVariables(body.kind, body.subject, body.body);
  if (unknown.length)
    throw new AppError(
      Codes.notifyTemplateVariable,
      400,
      `模板使用了该类消息不提供的变量：${unknown.map((v) => `{{${v}}}`).join('、')}`,
      { missing: unknown },
    );
  const values = { subject: body.subject.trim(), body: body.body.trim(), updatedAt: Date.now() };
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notifyTemplate')
      .values({ kind: body.kind, ...values })
      .onConflict((oc) => oc.column('kind').doUpdateSet(values))
      .execute();
    await audit(trx, {
      action: 'notify.template',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.realName,
      target: body.kind,
      ip,
    });
  });
}

/** 恢复默认: the kind uses the built-in template again. */
export async function resetTemplate(
  app: FastifyInstance,
  auth: AuthContext,
  kind: MessageKind,
  ip: string,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notifyTemplate').where('kind', '=', kind).execute();
    await audit(trx, {
      action: 'notify.template.reset',
      result: 'ok',
      actorId: auth.userId,
      actorName: auth.realName,
      target: kind,
      ip,
    });
  });
}

// ---- 发送测试 ----

/**
 * 发送测试: the channel's current settings (on or off) send a 系统 message rendered from its
 * template with sample values to the typed address. Answers the outcome; an error text never
 * holds the channel's secrets.
 */
export async function testChannel(
  app: FastifyInstance,
  auth: AuthContext,
  channel: NotifyChannel,
  address: string,
  ip: string,
): Promise<TestChannelAnswer> {
  const to = address.trim();
  checkAddress(channel, to);
  const config = await loadChannel(app, channel);
  if (!config)
    throw new AppError(Codes.notifyChannelConfig, 400, `请先保存${NOTIFY_CHANNEL_LABELS[channel]}渠道的设置`);
  const general = await generalSettings(app);
  const content = await renderFor(app, 'system', {
    ...SAMPLE_VARIABLES,
    title: `${NOTIFY_CHANNEL_LABELS[channel]}渠道测试`,
    body: `这是一条测试消息，由 ${auth.realName} 在通知渠道页面发送。`,
    link: general.portalUrl,
    recipient: auth.realName,
    time: new Date().toLocaleString('zh-CN', { hour12: false }),
    siteName: general.siteName,
  });
  let answer: TestChannelAnswer;
  try {
    const r = await SENDERS[channel].send({ address: to, ...content }, config);
    answer = { ok: true, detail: r.detail };
  } catch (e) {
    answer = { ok: false, detail: e instanceof SendFailure ? e.message : `发送出错：${(e as Error).name}` };
  }
  await audit(app.db, {
    action: 'notify.test',
    result: answer.ok ? 'ok' : 'fail',
    actorId: auth.userId,
    actorName: auth.realName,
    target: `${channel} ${maskAddress(to)}`,
    detail: answer.ok ? null : answer.detail,
    ip,
  });
  return answer;
}

// ---- 发送记录 ----

export async function listDeliveries(app: FastifyInstance, q: DeliveryQuery) {
  let base = app.db.selectFrom('notifyDelivery').innerJoin('appUser', 'appUser.id', 'notifyDelivery.userId');
  if (q.channel) base = base.where('notifyDelivery.channel', '=', q.channel);
  if (q.status) base = base.where('notifyDelivery.status', '=', q.status);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'notifyDelivery.id',
          'notifyDelivery.channel',
          'notifyDelivery.address',
          'appUser.realName as recipient',
          'notifyDelivery.kind',
          'notifyDelivery.title',
          'notifyDelivery.status',
          'notifyDelivery.attempts',
          'notifyDelivery.lastError',
          'notifyDelivery.createdAt',
          'notifyDelivery.sentAt',
          'notifyDelivery.nextAttemptAt',
        ])
        .orderBy('notifyDelivery.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map(
      (r) =>
        ({
          ...r,
          address: maskAddress(r.address),
          createdAt: Number(r.createdAt),
          sentAt: r.sentAt === null ? null : Number(r.sentAt),
          nextAttemptAt: Number(r.nextAttemptAt),
        }) as DeliveryRow,
    ),
  };
}

// ---- 演示邮箱 ----

export async function listDemoMail(app: FastifyInstance, q: { page: number; pageSize: number }) {
  const page = await paginate(app.db.selectFrom('notifyDemoMail'), (b) => b.selectAll().orderBy('id', 'desc'), q);
  return { ...page, list: page.list.map((m) => ({ ...m, receivedAt: Number(m.receivedAt) })) };
}

// ---- 通知设置 (个人中心) ----

export async function myPreferences(app: FastifyInstance, userId: number): Promise<MyPreferences> {
  const [user, channels, stored] = await Promise.all([
    app.db.selectFrom('appUser').select(['email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow(),
    enabledChannels(app.db),
    storedChoices(app.db, [userId]),
  ]);
  const choices = MESSAGE_KINDS.flatMap((kind) =>
    NOTIFY_CHANNELS.map((channel) => {
      const s = stored.find((r) => r.kind === kind && r.channel === channel);
      return {
        kind,
        channel,
        enabled: s ? s.enabled === 1 : defaultChoice(kind, channel, !!addressFor(channel, user)),
      };
    }),
  );
  return {
    email: user.email ?? '',
    emailValid: validEmail(user.email?.trim()),
    phone: user.phone ?? '',
    phoneValid: validMobile(user.phone?.trim()),
    channels,
    choices,
  };
}

/** Saves every choice sent (the rest keep theirs); a channel turned on needs a valid address on the account. */
export async function savePreferences(
  app: FastifyInstance,
  userId: number,
  choices: readonly { kind: MessageKind; channel: NotifyChannel; enabled: boolean }[],
): Promise<MyPreferences> {
  const user = await app.db
    .selectFrom('appUser')
    .select(['email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  for (const c of choices)
    if (c.enabled && !addressFor(c.channel, user))
      throw new AppError(
        Codes.notifyBadAddress,
        400,
        c.channel === 'email'
          ? '账号未绑定有效的邮箱地址，请先在账号设置中绑定邮箱'
          : '账号未绑定有效的手机号，请先在账号设置中绑定手机号',
      );
  await app.db.transaction().execute(async (trx) => {
    for (const c of choices) {
      const enabled = c.enabled ? 1 : 0;
      await trx
        .insertInto('notifyPref')
        .values({ userId, kind: c.kind, channel: c.channel, enabled })
        .onConflict((oc) => oc.columns(['userId', 'kind', 'channel']).doUpdateSet({ enabled }))
        .execute();
    }
  });
  return myPreferences(app, userId);
}
