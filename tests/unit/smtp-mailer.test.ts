// Mail through SMTP_URL reaches an SMTP server (a small one on loopback, which speaks just enough SMTP to take a
// mail), from MAIL_FROM, with the text as written; a server that refuses is reported, never thrown.
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sendMail, smtpMailer } from '../../core/app/mail/mailer.ts';

/** Answers every command with 250 (DATA with 354), or `refuse` to every RCPT TO; keeps each message's data. */
function smtpServer(refuse = false): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else if (/^RCPT/i.test(line) && refuse) socket.write('550 no such user\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, messages })));
}

const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

describe('mail through SMTP_URL', () => {
  it('reaches the server from MAIL_FROM with its text', async () => {
    const smtp = await smtpServer();
    servers.push(smtp.server);
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Ujumbe <no-reply@ujumbe.test>');
    expect(await sendMail(mailer, { to: 'member@example.com', subject: 'Your code', text: 'Your code: 123456' })).toBe(true);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatch(/^From: Ujumbe <no-reply@ujumbe\.test>$/m);
    expect(smtp.messages[0]).toMatch(/^To: member@example\.com$/m);
    expect(smtp.messages[0]).toContain('Your code: 123456');
  });

  it('reports a refusal as not sent instead of throwing', async () => {
    const smtp = await smtpServer(true);
    servers.push(smtp.server);
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Ujumbe <no-reply@ujumbe.test>');
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((line: string) => errors.push(line) > 0) as typeof process.stderr.write;
    try {
      expect(await sendMail(mailer, { to: 'nobody@example.com', subject: 'Your code', text: 'Your code: 654321' })).toBe(false);
    } finally {
      process.stderr.write = write;
    }
    expect(errors.join('')).toContain('mail could not be sent');
    expect(errors.join('')).not.toContain('654321');
  });
});
