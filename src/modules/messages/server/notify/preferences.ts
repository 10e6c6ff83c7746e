import type { Db } from '@/server/db/dialect';
import type { MessageKind } from '@/modules/messages/contract';
import { validEmail, validMobile, type NotifyChannel } from '@/modules/messages/notify-contract';
import '../tables';

/** Kinds whose e-mail is on until the user turns it off (when the account has an address). */
const EMAIL_BY_DEFAULT: readonly MessageKind[] = ['task', 'result'];

/** The default of a kind and channel for a user with (or without) a usable address. */
export function defaultChoice(kind: MessageKind, channel: NotifyChannel, hasAddress: boolean): boolean {
  return channel === 'email' && hasAddress && EMAIL_BY_DEFAULT.includes(kind);
}

/** The address a channel reaches a user at: the account's e-mail, or its mobile for SMS and the robots' @. */
export function addressFor(
  channel: NotifyChannel,
  user: { email: string | null; phone: string | null },
): string | null {
  if (channel === 'email') return validEmail(user.email?.trim()) ? user.email!.trim() : null;
  return validMobile(user.phone?.trim()) ? user.phone!.trim() : null;
}

/** The enabled outside channels, in a fixed order. */
export async function enabledChannels(db: Db): Promise<NotifyChannel[]> {
  const rows = await db.selectFrom('notifyChannel').select('channel').where('enabled', '=', 1).execute();
  const on = new Set(rows.map((r) => r.channel));
  return (['email', 'sms', 'wecom', 'dingtalk'] as const).filter((c) => on.has(c));
}

/** A user's stored choices (absent ones follow defaultChoice). */
export async function storedChoices(db: Db, userIds: readonly number[], kind?: MessageKind) {
  if (!userIds.length) return [];
  let q = db.selectFrom('notifyPref').select(['userId', 'kind', 'channel', 'enabled']).where('userId', 'in', userIds);
  if (kind) q = q.where('kind', '=', kind);
  return q.execute();
}
