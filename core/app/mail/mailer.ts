// Mail the service sends (reset codes, invitation links): through SMTP_URL with nodemailer, or, in development
// without SMTP_URL, written to the log so that a developer can follow the link or type the code.
import type { Deps } from '../context.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** smtp: it leaves; log: development only, the whole mail in the process's log. */
  kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
}

/** Writes the mail to stderr as one JSON line, as the service logs everything else. */
export function logMailer(write: (line: string) => void = (line) => process.stderr.write(line)): Mailer {
  return {
    kind: 'log',
    async send(mail) {
      write(`${JSON.stringify({ time: new Date().toISOString(), message: 'mail not sent: no SMTP_URL (development); here is what it says', mail })}\n`);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Loaded on first use: a deployment without mail never loads nodemailer.
  let transport: Promise<{ sendMail(m: Mail & { from: string }): Promise<unknown> }> | null = null;
  return {
    kind: 'smtp',
    async send(mail) {
      // A server that does not answer must not hold an invitation's request (or a reset's job) for minutes.
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }));
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

const built = new WeakMap<Deps, Mailer | null>();

/** The deployment's mailer: the one given to the process, else SMTP_URL's, else the log in development, else none. */
export function mailerOf(deps: Deps): Mailer | null {
  if (deps.mailer !== undefined) return deps.mailer;
  if (!built.has(deps)) {
    const { smtpUrl, from } = deps.config.mail;
    built.set(deps, smtpUrl ? smtpMailer(smtpUrl, from) : deps.config.production ? null : logMailer());
  }
  return built.get(deps)!;
}

/**
 * Sends and never throws: a mail that cannot leave is logged (the address and the reason, never the text, which
 * may hold a code or a link) and the caller goes on, since the SMS or the link shown on screen still serves.
 */
export async function sendMail(mailer: Mailer, mail: Mail): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (err) {
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), message: 'mail could not be sent', to: mail.to, subject: mail.subject, error: (err as Error)?.message ?? String(err) })}\n`);
    return false;
  }
}
