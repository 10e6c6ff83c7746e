import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { pointEmailAt } from './channels';
import '../tables';

/** Largest mail the sink keeps (a notification is a few KB). */
const MAX_BYTES = 256 * 1024;

/**
 * The demo's own mail server (DEMO=1 without SMTP_HOST): an SMTP sink (`smtp-server`) on a
 * loopback port that stores what it receives in `notify_demo_mail` (the back office's 演示邮箱),
 * so the demo sends real e-mail over SMTP end to end without a mail server on the machine. The
 * e-mail channel is pointed at it (on) unless an administrator configured another server.
 * Production sets SMTP_* instead.
 */
export async function startDemoSink(app: FastifyInstance): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    banner: 'campus-portal demo mailbox',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await app.db
            .insertInto('notifyDemoMail')
            .values({
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              rcptTo: session.envelope.rcptTo.map((r) => r.address).join(', '),
              subject: (mail.subject ?? '').slice(0, 500),
              text: (mail.text ?? '').slice(0, 20_000),
              html: (typeof mail.html === 'string' ? mail.html : '').slice(0, 50_000),
              receivedAt: Date.now(),
            })
            .execute();
          callback();
        })
        .catch((e: unknown) => callback(e instanceof Error ? e : new Error('unreadable mail')));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    });
  });
  await pointEmailAt(app.db, port);
  app.log.info({ port }, 'demo SMTP sink (演示邮箱) listening on 127.0.0.1');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
