import { createHash, timingSafeEqual } from 'node:crypto';
import { successResponseSchema } from '@trek/shared/schemas';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import { isSignatureShaped, SIGNATURE_HEADER, verifySignature } from '../whatsapp/signature.js';
import { recordWebhookCall } from '../whatsapp/webhook-events.js';

/**
 * The WhatsApp Cloud API's webhook (docs/product/admin.md, "Joining"). Meta's servers call it,
 * not a browser: it is the one route exempt from the same-origin rule, and it is authenticated by
 * the signature of its body instead.
 */
export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';

/**
 * A text message's call is a few kilobytes; anything past this is no message of ours and is
 * answered 413 before it is read.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/** The verification handshake Meta makes when the webhook is set up. */
const verificationQuerySchema = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.verify_token': z.string(),
  // Meta sends a number; only letters, digits and . _ - are ever echoed back.
  'hub.challenge': z
    .string()
    .min(1)
    .max(256)
    .regex(/^[\w.-]+$/),
});

/** The body as received, bytes untouched (the signature is over exactly these). */
const rawBodySchema = z.instanceof(Uint8Array).optional();

function sameSecret(given: string, expected: string): boolean {
  // Equal-length digests, so the comparison takes the same time whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const NOT_CONFIGURED_MESSAGE = 'The WhatsApp webhook is not configured on this server';

export async function registerWhatsappWebhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const { appSecret, verifyToken } = ctx.config.whatsapp;
  if (!appSecret) {
    app.log.warn(
      'WHATSAPP_APP_SECRET is not set: the WhatsApp webhook cannot check signatures and answers 503, so guides cannot join',
    );
  }
  if (!verifyToken) {
    app.log.warn(
      'WHATSAPP_VERIFY_TOKEN is not set: the WhatsApp webhook verification handshake answers 503',
    );
  }

  /** Refuses a call before its body is read: no secret to check it with, or no signature. */
  const signedCallsOnly: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    if (!appSecret) {
      request.log.warn('WhatsApp webhook call refused: WHATSAPP_APP_SECRET is not set');
      throw new HttpError(503, 'NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
    }
    if (!isSignatureShaped(request.headers[SIGNATURE_HEADER])) {
      throw new HttpError(401, 'INVALID_SIGNATURE', 'Missing or malformed signature');
    }
    return payload;
  };

  await app.register(async (scope) => {
    // Bodies reach this scope's handlers as the bytes sent, whatever their type: the signature
    // is checked over those bytes, and only then are they read as JSON. Every other route keeps
    // the API's JSON-only parser.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      WHATSAPP_WEBHOOK_PATH,
      { schema: { querystring: verificationQuerySchema }, attachValidation: true },
      async (request, reply) => {
        if (!verifyToken) {
          request.log.warn(
            'WhatsApp webhook verification refused: WHATSAPP_VERIFY_TOKEN is not set',
          );
          throw new HttpError(503, 'NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
        }
        if (
          request.validationError ||
          !sameSecret(request.query['hub.verify_token'], verifyToken)
        ) {
          throw new HttpError(403, 'FORBIDDEN', 'Verification failed');
        }
        return reply.type('text/plain; charset=utf-8').send(request.query['hub.challenge']);
      },
    );

    routes.post(
      WHATSAPP_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
        preParsing: signedCallsOnly,
        schema: { body: rawBodySchema, response: { 200: successResponseSchema } },
      },
      async (request) => {
        const body = request.body ?? new Uint8Array();
        // signedCallsOnly has made sure there is a secret.
        if (!appSecret || !verifySignature(appSecret, body, request.headers[SIGNATURE_HEADER])) {
          throw new HttpError(401, 'INVALID_SIGNATURE', 'Invalid signature');
        }
        const recorded = await recordWebhookCall(ctx.db, body, ctx.now());
        if (recorded.malformed)
          request.log.warn('WhatsApp webhook: a signed body of no known shape');
        for (const message of recorded.messages) {
          request.log.info({ messageId: message.id, outcome: message.outcome }, 'WhatsApp message');
        }
        // 200 whatever the messages were: anything else makes the provider deliver them again.
        return { success: true as const };
      },
    );
  });
}
