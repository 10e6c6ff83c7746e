/**
 * One interface for every outside channel (issue 24 item 2): `send(delivery) → result`. The in-app
 * channel is not among them — its "sending" is the message row sendMessage writes in the caller's
 * transaction; these run later, from the `messages.deliver` job or the back office's 发送测试.
 */
export interface OutgoingNotification {
  /** An e-mail address or a mobile number, checked when the delivery was queued. */
  address: string;
  subject: string;
  /** Plain text (SMS, robots, the e-mail's text part). */
  text: string;
  /** The e-mail's HTML part (values escaped). */
  html: string;
}

/** A channel's stored configuration, its secrets opened (only ever in memory). */
export interface ChannelConfig {
  settings: Record<string, unknown>;
  secret: string;
  secret2: string;
}

export interface SendResult {
  /** What the provider answered, safe to show (a message id, `errcode 0`). */
  detail: string;
}

export interface ChannelSender {
  /** Throws SendFailure (message free of secrets) when the provider refuses or cannot be reached. */
  send(n: OutgoingNotification, config: ChannelConfig): Promise<SendResult>;
}

/** A refusal or an unreachable provider, its message already free of secrets. */
export class SendFailure extends Error {}

/** Removes the channel's secrets (and any URL query string, where webhook keys live) from a provider's error text. */
export function scrub(text: string, config: ChannelConfig): string {
  let out = text.replace(/(https?:\/\/[^\s?"']+)\?[^\s"']*/g, '$1?***');
  const secrets = [config.secret, config.secret2].filter((s) => s.length >= 3);
  // A webhook URL's query values (key=, access_token=) are secrets even when echoed alone.
  for (const s of [...secrets]) {
    const query = /\?(.*)$/.exec(s)?.[1];
    if (query)
      for (const [, v] of new URLSearchParams(query)) if (v.length >= 3) secrets.push(v, encodeURIComponent(v));
  }
  for (const s of secrets) out = out.split(s).join('***');
  return out.slice(0, 500);
}

/** POST JSON with a 10 s limit; answers the parsed JSON body, or throws SendFailure. */
export async function postJson(
  url: string,
  body: unknown,
  config: ChannelConfig,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new SendFailure(scrub(`无法连接：${cause ?? (e as Error).message}`, config));
  }
  const text = await res.text();
  if (!res.ok) throw new SendFailure(scrub(`HTTP ${res.status}：${text.slice(0, 200)}`, config));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SendFailure(scrub(`应答不是 JSON：${text.slice(0, 200)}`, config));
  }
}
