import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Where the test run's SMTP server drops each message it receives, one file per message. */
export const MAILBOX_DIR = join(import.meta.dirname, '../test-results/mailbox');

/**
 * A real SMTP server on loopback: the API talks SMTP to it exactly as it would to a provider.
 * Messages are written to MAILBOX_DIR for the tests (which run in other processes) to read.
 */
export async function startSmtpServer(): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(MAILBOX_DIR, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(join(MAILBOX_DIR, `${Date.now()}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for a message to `to` and returns the first sign-in link in it. */
export async function waitForMagicLink(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const file = readdirSync(MAILBOX_DIR)
      .filter((name) => name.endsWith(`-${to.toLowerCase()}.eml`))
      .sort()
      .pop();
    if (file) {
      const message = decodeQuotedPrintable(readFileSync(join(MAILBOX_DIR, file), 'utf8'));
      const link = message.match(/https?:\/\/\S+\/api\/auth\/magic-link\?token=[\w-]+/)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in e-mail reached ${to}`);
}

/**
 * Waits for a message to `to` received after `since` (a Date.now() taken before the action that
 * sends it) and returns the first link in it matching `pattern`.
 */
export async function waitForLink(
  to: string,
  pattern: RegExp,
  { since = 0, timeoutMs = 15_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAILBOX_DIR)
      .filter((name) => name.endsWith(`-${to.toLowerCase()}.eml`))
      .filter((name) => Number(name.split('-')[0]) >= since)
      .sort()
      .reverse();
    for (const file of files) {
      const message = decodeQuotedPrintable(readFileSync(join(MAILBOX_DIR, file), 'utf8'));
      const link = message.match(pattern)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail with a link like ${pattern} reached ${to}`);
}

/** Whether a message to `to` received after `since` contains `text`. */
export function receivedMailContaining(to: string, text: string, since = 0): boolean {
  return readdirSync(MAILBOX_DIR)
    .filter((name) => name.endsWith(`-${to.toLowerCase()}.eml`))
    .filter((name) => Number(name.split('-')[0]) >= since)
    .some((file) =>
      decodeQuotedPrintable(readFileSync(join(MAILBOX_DIR, file), 'utf8')).includes(text),
    );
}
