import type { FastifyInstance } from 'fastify';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import type { MessageKind } from '@/modules/messages/contract';
import { NOTIFY_BACKOFF_MS, NOTIFY_MAX_ATTEMPTS, type NotifyChannel } from '@/modules/messages/notify-contract';
import { DEFAULT_TEMPLATES, renderHtml, renderText } from '@/modules/messages/notify-template';
import { generalSettings, loadChannel } from './channels';
import { SENDERS } from './senders';
import { SendFailure, type ChannelConfig, type OutgoingNotification } from './senders/types';
import '../tables';

/** A claimed delivery is left alone by other servers this long (a send never takes longer: 10–20 s limits). */
const LEASE_MS = 5 * 60_000;
const BATCH = 50;

export interface DeliverStats {
  sent: number;
  retrying: number;
  failed: number;
}

/** Wait before try n+1 after n failed tries: BACKOFF × 2^(n-1). */
export const backoffAfter = (failedTries: number) => NOTIFY_BACKOFF_MS * 2 ** (failedTries - 1);

const timeText = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/** The template values of one delivery (the sender's vars, then the message's own fields). */
export function templateValues(
  d: { title: string; body: string; link: string; vars: string; createdAt: number },
  recipient: string,
  general: { portalUrl: string; siteName: string },
): Record<string, string> {
  let extra: Record<string, string> = {};
  try {
    extra = JSON.parse(d.vars) as Record<string, string>;
  } catch {
    // vars are written by queueDeliveries only; an unreadable one just offers none.
  }
  return {
    ...extra,
    title: d.title,
    body: d.body,
    link: d.link ? `${general.portalUrl}${d.link}` : general.portalUrl,
    recipient,
    time: timeText(d.createdAt),
    siteName: general.siteName,
  };
}

/** Subject, text and HTML of a kind's template (saved, or the built-in one) with these values. */
export async function renderFor(
  app: FastifyInstance,
  kind: MessageKind,
  values: Record<string, string>,
): Promise<Omit<OutgoingNotification, 'address'>> {
  const saved = await app.db
    .selectFrom('notifyTemplate')
    .select(['subject', 'body'])
    .where('kind', '=', kind)
    .executeTakeFirst();
  const t = saved ?? DEFAULT_TEMPLATES[kind];
  return {
    subject: renderText(t.subject, values).replace(/\s+/g, ' ').trim().slice(0, 200),
    text: renderText(t.body, values),
    html: renderHtml(t.body, values),
  };
}

/**
 * One run of the `messages.deliver` job: the due pending deliveries, each claimed by moving its
 * next_attempt_at on conditionally (two servers never send one twice), sent through its channel,
 * its try recorded in notify_attempt; on failure retried after a doubling wait, 失败 after
 * NOTIFY_MAX_ATTEMPTS tries. A channel switched off meanwhile fails its deliveries without trying.
 */
export async function deliverDue(app: FastifyInstance, now = Date.now()): Promise<DeliverStats> {
  const stats: DeliverStats = { sent: 0, retrying: 0, failed: 0 };
  const due = await app.db
    .selectFrom('notifyDelivery')
    .innerJoin('appUser', 'appUser.id', 'notifyDelivery.userId')
    .select([
      'notifyDelivery.id',
      'notifyDelivery.channel',
      'notifyDelivery.address',
      'notifyDelivery.kind',
      'notifyDelivery.title',
      'notifyDelivery.body',
      'notifyDelivery.link',
      'notifyDelivery.vars',
      'notifyDelivery.attempts',
      'notifyDelivery.nextAttemptAt',
      'notifyDelivery.createdAt',
      'appUser.realName',
    ])
    .where('notifyDelivery.status', '=', 'pending')
    .where('notifyDelivery.nextAttemptAt', '<=', now)
    .orderBy('notifyDelivery.nextAttemptAt')
    .orderBy('notifyDelivery.id')
    .limit(BATCH)
    .execute();
  if (!due.length) return stats;
  const configs = new Map<string, (ChannelConfig & { enabled: boolean }) | null>();
  const general = await generalSettings(app);
  for (const d of due) {
    const claimed = await app.db
      .updateTable('notifyDelivery')
      .set({ nextAttemptAt: now + LEASE_MS })
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '=', d.nextAttemptAt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const channel = d.channel as NotifyChannel;
    if (!configs.has(channel)) configs.set(channel, await loadChannel(app, channel));
    const config = configs.get(channel);
    const tries = d.attempts + 1;
    let error: string | null = null;
    if (!config?.enabled) error = '渠道已停用';
    else {
      try {
        const content = await renderFor(app, d.kind as MessageKind, templateValues(d, d.realName, general));
        await SENDERS[channel].send({ address: d.address, ...content }, config);
      } catch (e) {
        // A provider's refusal is kept (already scrubbed); anything else is named, not dumped.
        error = e instanceof SendFailure ? e.message : `发送出错：${(e as Error).name}`;
        if (!(e instanceof SendFailure))
          app.log.warn({ deliveryId: d.id, err: (e as Error).name }, 'notify delivery error');
      }
    }
    const at = Date.now();
    const giveUp = error !== null && (!config?.enabled || tries >= NOTIFY_MAX_ATTEMPTS);
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notifyDelivery')
        .set(
          error === null
            ? { status: 'sent', attempts: tries, sentAt: at, lastError: null, nextAttemptAt: at }
            : {
                status: giveUp ? 'failed' : 'pending',
                attempts: tries,
                lastError: error,
                nextAttemptAt: giveUp ? at : now + backoffAfter(tries),
              },
        )
        .where('id', '=', d.id)
        .execute();
      await trx
        .insertInto('notifyAttempt')
        .values({ deliveryId: d.id, at, ok: error === null ? 1 : 0, error })
        .execute();
    });
    if (error === null) stats.sent++;
    else if (giveUp) stats.failed++;
    else stats.retrying++;
  }
  return stats;
}

/** 发送记录 重发: a failed delivery goes back to the queue with a fresh set of tries. */
export async function retryDelivery(app: FastifyInstance, id: number): Promise<void> {
  const r = await app.db
    .updateTable('notifyDelivery')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: Date.now() })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError(Codes.notifyNotRetryable, 409);
}
