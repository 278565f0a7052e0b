import { signatureOf } from '../whatsapp/signature.js';

/**
 * Webhook calls as the WhatsApp Cloud API makes them, for the API's tests and the end-to-end
 * suite: the envelope Meta documents, a text message or a status update in it.
 */

export interface TextMessage {
  /** Meta's message id ('wamid....'); the same id again is a redelivery. */
  id: string;
  /** The sender's WhatsApp id: their phone number, digits only. */
  from: string;
  body: string;
}

function envelope(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '51987654321', phone_number_id: '106540352242922' },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A call carrying text messages, as JSON text. */
export function textMessagesPayload(...messages: TextMessage[]): string {
  return JSON.stringify(
    envelope({
      contacts: messages.map((message) => ({
        profile: { name: 'Guide' },
        wa_id: message.from,
      })),
      messages: messages.map((message) => ({
        from: message.from,
        id: message.id,
        timestamp: '1767607200',
        type: 'text',
        text: { body: message.body },
      })),
    }),
  );
}

/** A call carrying a message that is not text (an image). */
export function imageMessagePayload(message: { id: string; from: string }): string {
  return JSON.stringify(
    envelope({
      messages: [
        {
          from: message.from,
          id: message.id,
          timestamp: '1767607200',
          type: 'image',
          image: { caption: 'JOIN-ABCDEFGH23', mime_type: 'image/jpeg', id: '1479537139650973' },
        },
      ],
    }),
  );
}

/** A delivery report: no message in it. */
export function statusUpdatePayload(messageId: string): string {
  return JSON.stringify(
    envelope({
      statuses: [
        {
          id: messageId,
          status: 'delivered',
          timestamp: '1767607200',
          recipient_id: '51911222333',
        },
      ],
    }),
  );
}

/** The headers of a signed call, as Meta sends them (no Origin: a server, not a browser). */
export function signedHeaders(appSecret: string, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-hub-signature-256': signatureOf(appSecret, body),
  };
}
