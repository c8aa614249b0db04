/**
 * SMTP through nodemailer (issue 14), configured by SMTP_URL (`smtp://user:pass@host:587`, STARTTLS
 * when the server offers it; `smtps://…:465`, TLS from the start) and MAIL_FROM. Bounded waits: a
 * server that is down or slow fails one attempt of the worker, never a request.
 */
import nodemailer from 'nodemailer';
import { headerText, isPlainAddress } from './messages.rules';
import type { EmailAttachment } from './messages.templates';

export type OutgoingMail = {
  /** The outbox row's id: the Message-ID, the same on every attempt of one message. */
  id: string;
  to: string;
  toName: string;
  subject: string;
  html: string;
  text: string;
  /** The name customers see as the sender (the operator's); MAIL_FROM's own name otherwise. */
  fromName?: string | null;
  /** Where replies go (the operator's address). */
  replyTo?: string | null;
  attachments?: EmailAttachment[];
};

export type MailTransport = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type SmtpOptions = {
  url: string;
  from: string;
  /** Milliseconds for connecting, for the greeting and of socket silence (default 10 s, 10 s, 30 s). */
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
};

/** The domain of MAIL_FROM, for Message-IDs (`<id@domain>`). */
const fromDomain = (from: string) => /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
/** The address of MAIL_FROM (`Name <a@b>` or `a@b`). */
const fromAddress = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

export function createSmtpTransport(o: SmtpOptions): MailTransport {
  const u = new URL(o.url);
  const secure = u.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    // One connection kept open for many messages (a handshake, TLS and AUTH per message cost more
    // than the message: docs/benchmarks.md, "Messages"), renewed after 100.
    pool: true,
    maxConnections: 1,
    maxMessages: 100,
    connectionTimeout: o.connectionTimeoutMs ?? 10_000,
    greetingTimeout: o.greetingTimeoutMs ?? 10_000,
    socketTimeout: o.socketTimeoutMs ?? 30_000,
  });
  const domain = fromDomain(o.from);
  const address = fromAddress(o.from);
  return {
    async send(m) {
      // The operator's name on MAIL_FROM's address (the domain that is allowed to send), replies to
      // the operator's own address.
      const name = m.fromName ? headerText(m.fromName, 100) : '';
      const replyTo = m.replyTo && isPlainAddress(m.replyTo) ? m.replyTo : undefined;
      await transporter.sendMail({
        from: name ? { name, address } : o.from,
        replyTo,
        attachments: m.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        // An address object: nodemailer quotes and encodes the name; headerText keeps it one line.
        to: { name: headerText(m.toName, 150), address: m.to },
        subject: headerText(m.subject),
        html: m.html,
        text: m.text,
        messageId: `<${m.id}@${domain}>`,
      });
    },
    close() {
      transporter.close();
    },
  };
}
