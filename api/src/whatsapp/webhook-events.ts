import { joinCodeFromMessage } from '@trek/shared/schemas';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database.js';

/**
 * What the WhatsApp webhook does with a signed call (docs/product/admin.md, "Joining"): the call
 * is kept whole, and each message in it is handled once, however often the provider delivers it.
 */

/** One message of the Cloud API; only what joining needs, the rest of it is ignored. */
const incomingMessageSchema = z.object({
  id: z.string().min(1).max(512),
  from: z.string().max(64),
  type: z.string().max(64),
  text: z.object({ body: z.string() }).optional(),
});

export type IncomingMessage = z.infer<typeof incomingMessageSchema>;

/**
 * The Cloud API's envelope: `entry[].changes[].value`, holding `messages` (what people send) or
 * `statuses` (delivery reports), among other fields.
 */
const webhookPayloadSchema = z.object({
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({ value: z.object({ messages: z.array(z.unknown()).optional() }) }),
      ),
    }),
  ),
});

/** The messages of a call's body; null when the body is not a payload of the Cloud API. */
export function messagesOf(body: Uint8Array): IncomingMessage[] | null {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return null;
  }
  const payload = webhookPayloadSchema.safeParse(json);
  if (!payload.success) return null;
  const messages: IncomingMessage[] = [];
  for (const entry of payload.data.entry) {
    for (const change of entry.changes) {
      for (const message of change.value.messages ?? []) {
        // One odd message does not hide the others.
        const parsed = incomingMessageSchema.safeParse(message);
        if (parsed.success) messages.push(parsed.data);
      }
    }
  }
  return messages;
}

/** A WhatsApp id is the sender's phone number in international form, digits only. */
const SENDER = /^\d{6,20}$/;

export type MessageOutcome =
  /** The guide of the code is now connected to the sender's number. */
  | 'joined'
  /** The same number sent the same guide's code again. */
  | 'already_connected'
  /** The code's guide is connected to another number already: it stays so. */
  | 'code_taken'
  /** The sender's number is another guide's already. */
  | 'number_taken'
  | 'unknown_code'
  /** Any other text, message type or sender. */
  | 'not_a_join'
  /** A message id handled before (the provider delivering it again). */
  | 'replay';

async function join(
  tx: Queryable,
  message: IncomingMessage,
  now: Date,
): Promise<{ outcome: MessageOutcome; guideId: string | null }> {
  const code =
    message.type === 'text' && message.text ? joinCodeFromMessage(message.text.body) : null;
  if (!code || !SENDER.test(message.from)) return { outcome: 'not_a_join', guideId: null };
  const { rows } = await tx.query<{ id: string; whatsapp_id: string | null }>(
    'select id, whatsapp_id from guides where join_code = $1 for update',
    [code],
  );
  const guide = rows[0];
  if (!guide) return { outcome: 'unknown_code', guideId: null };
  if (guide.whatsapp_id === message.from)
    return { outcome: 'already_connected', guideId: guide.id };
  if (guide.whatsapp_id !== null) return { outcome: 'code_taken', guideId: guide.id };
  const owner = await tx.query('select 1 from guides where whatsapp_id = $1', [message.from]);
  if (owner.rows.length > 0) return { outcome: 'number_taken', guideId: guide.id };
  await tx.query(
    `update guides set whatsapp_id = $2, whatsapp_connected_at = $3, updated_at = $3
     where id = $1`,
    [guide.id, message.from, now],
  );
  return { outcome: 'joined', guideId: guide.id };
}

export interface RecordedCall {
  /** Whether the body was a payload of the Cloud API at all. */
  malformed: boolean;
  messages: Array<{ id: string; outcome: MessageOutcome }>;
}

/**
 * Keeps a signed call and handles its messages, all in one transaction: a failure changes
 * nothing, and the provider's next delivery finds everything as it was.
 */
export async function recordWebhookCall(
  db: Database,
  body: Uint8Array,
  now: Date,
): Promise<RecordedCall> {
  const messages = messagesOf(body);
  return db.transaction(async (tx) => {
    const event = await tx.query<{ id: string }>(
      `insert into whatsapp_webhook_events (received_at, raw_body, outcome)
       values ($1, $2, $3) returning id`,
      [now, body, messages ? 'processed' : 'malformed'],
    );
    const eventId = event.rows[0]?.id;
    const handled: RecordedCall['messages'] = [];
    for (const message of messages ?? []) {
      const claimed = await tx.query(
        `insert into whatsapp_messages (message_id, event_id, sender, type, outcome, received_at)
         values ($1, $2, $3, $4, 'pending', $5)
         on conflict (message_id) do nothing returning message_id`,
        [message.id, eventId, message.from, message.type, now],
      );
      if (claimed.rows.length === 0) {
        handled.push({ id: message.id, outcome: 'replay' });
        continue;
      }
      const { outcome, guideId } = await join(tx, message, now);
      await tx.query(
        'update whatsapp_messages set outcome = $2, guide_id = $3 where message_id = $1',
        [message.id, outcome, guideId],
      );
      handled.push({ id: message.id, outcome });
    }
    return { malformed: messages === null, messages: handled };
  });
}
