import nodemailer from 'nodemailer';
import type { EmailSettings } from '@/modules/messages/notify-contract';
import { SendFailure, scrub, type ChannelSender } from './types';

/**
 * E-mail over SMTP (nodemailer): TLS from the first byte ('tls', port 465), STARTTLS required
 * ('starttls', 587) or plain ('none', a relay on the campus network); AUTH with the stored
 * password when a user is set. One connection per send: deliveries are few and spread out.
 */
export const emailSender: ChannelSender = {
  async send(n, config) {
    const s = config.settings as EmailSettings;
    const transport = nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.security === 'tls',
      requireTLS: s.security === 'starttls',
      ignoreTLS: s.security === 'none',
      auth: s.user ? { user: s.user, pass: config.secret } : undefined,
      tls: { rejectUnauthorized: !s.allowSelfSigned },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      const info = await transport.sendMail({
        from: s.from,
        to: n.address,
        subject: n.subject,
        text: n.text,
        html: n.html,
      });
      return { detail: `SMTP ${info.response}`.slice(0, 200) };
    } catch (e) {
      const err = e as { code?: string; responseCode?: number; response?: string; message?: string };
      const what = err.response ?? err.message ?? String(e);
      throw new SendFailure(
        scrub(`${err.code ?? 'SMTP'}${err.responseCode ? ` ${err.responseCode}` : ''}：${what}`, config),
      );
    } finally {
      transport.close();
    }
  },
};
