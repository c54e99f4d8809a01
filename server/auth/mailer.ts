import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** files sent with the mail (a purchase order's PDF) */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The development mailer: no mail server is needed to try the forgotten-password and change-email
 * flows; each mail is written to data/outbox/ as an .eml file and noted in the log.
 */
export function createOutboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  let seq = 0;
  return {
    async send(mail) {
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(++seq).padStart(4, '0')}-${mail.to.replace(/[^a-zA-Z0-9@.-]/g, '_')}.eml`;
      const head = [
        `To: ${mail.to}`,
        `From: Hotelier <no-reply@hotelier.local>`,
        `Subject: ${mail.subject}`,
        `Date: ${new Date().toUTCString()}`,
      ];
      const body = [
        ...head,
        ...(mail.attachments?.length ? multipart(mail) : ['Content-Type: text/plain; charset=utf-8', '', mail.text, '']),
      ].join('\r\n');
      fs.writeFileSync(path.join(outbox, name), body);
      log.info({ to: mail.to, subject: mail.subject, file: `data/outbox/${name}` }, `mail written to the outbox:\n${mail.text}`);
    },
  };
}

/** A mail with files as MIME multipart/mixed: the text, then each file in base64. */
function multipart(mail: Mail): string[] {
  const boundary = `hotelier-${Date.now().toString(36)}`;
  const parts = (mail.attachments ?? []).flatMap((a) => [
    `--${boundary}`,
    `Content-Type: ${a.contentType}; name="${a.filename}"`,
    `Content-Disposition: attachment; filename="${a.filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    ...(a.content.toString('base64').match(/.{1,76}/g) ?? []),
  ]);
  return [
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
    ...parts,
    `--${boundary}--`,
    '',
  ];
}
