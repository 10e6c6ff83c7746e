import type { Db } from '@/server/db/dialect';
import type { MessageKind } from '@/modules/messages/contract';
import { addressFor, defaultChoice, enabledChannels, storedChoices } from './preferences';
import '../tables';

export interface QueueInput {
  userIds: readonly number[];
  kind: MessageKind;
  title: string;
  body: string;
  link: string;
  vars?: Record<string, string>;
  at: number;
}

const CHUNK = 500;
/** A message about something older than this gets no outside delivery (a seed or an import writing history). */
export const STALE_MS = 24 * 3_600_000;

/**
 * The outbox half of sendMessage: in the caller's transaction, one `notify_delivery` row per
 * recipient and outside channel that is on in the back office, wanted by the recipient (their
 * choice, or the default) and reachable (a valid address on the account). Nothing is sent here:
 * the `messages.deliver` job sends later, so a slow or failing channel never holds up or rolls
 * back the business change. A message dated more than a day back (the demo seed's history) is
 * only in-app: an e-mail about an old event helps nobody. Answers how many deliveries were queued.
 */
export async function queueDeliveries(db: Db, input: QueueInput): Promise<number> {
  if (!input.userIds.length || input.at < Date.now() - STALE_MS) return 0;
  const channels = await enabledChannels(db);
  if (!channels.length) return 0;
  const vars = JSON.stringify(input.vars ?? {});
  let queued = 0;
  for (let i = 0; i < input.userIds.length; i += CHUNK) {
    const ids = input.userIds.slice(i, i + CHUNK);
    const [users, prefs] = await Promise.all([
      db
        .selectFrom('appUser')
        .select(['id', 'email', 'phone'])
        .where('id', 'in', ids)
        .where('status', '=', 'active')
        .execute(),
      storedChoices(db, ids, input.kind),
    ]);
    const choice = new Map(prefs.map((p) => [`${p.userId}:${p.channel}`, p.enabled === 1]));
    const rows = users.flatMap((u) =>
      channels.flatMap((channel) => {
        const address = addressFor(channel, u);
        const wanted = choice.get(`${u.id}:${channel}`) ?? defaultChoice(input.kind, channel, !!address);
        if (!wanted || !address) return [];
        return [
          {
            userId: u.id,
            channel,
            address,
            kind: input.kind,
            title: input.title,
            body: input.body,
            link: input.link,
            vars,
            status: 'pending',
            attempts: 0,
            nextAttemptAt: input.at,
            lastError: null,
            createdAt: input.at,
            sentAt: null,
          },
        ];
      }),
    );
    // 15 values a row: 500 rows stay under SQLite's 32,766 parameters.
    for (let j = 0; j < rows.length; j += CHUNK)
      await db
        .insertInto('notifyDelivery')
        .values(rows.slice(j, j + CHUNK))
        .execute();
    queued += rows.length;
  }
  return queued;
}
