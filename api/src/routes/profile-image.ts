import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PROFILE_IMAGE_UPLOAD } from '@trek/shared/contract';
import {
  emptyRequestSchema,
  PROFILE_IMAGE_MAX_BYTES,
  type ProfileImageType,
  profileImageUpdateSchema,
  successResponseSchema,
  uploadTicketSchema,
  userResponseSchema,
} from '@trek/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ImageGuard, NOT_AN_IMAGE, tooLarge } from '../account/image-guard.js';
import { UNAPPLIED_UPLOAD_TTL_MS } from '../account/sweep-account-files.js';
import { sessionOf, signedInHook } from '../auth/current-session.js';
import { hashToken } from '../auth/sessions.js';
import { findUser } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { clientAddressKey } from '../http/client-address.js';
import { HttpError } from '../http/errors.js';
import { countHit, type Hit } from '../http/rate-limit-store.js';
import type { ZodTypeProvider } from '../http/zod-type-provider.js';
import type { ObjectStorage } from '../storage/object-storage.js';

/** An upload URL is valid this long (docs/product/account.md, "Profile photo"). */
export const UPLOAD_URL_TTL_MS = 10 * 60 * 1000;
/** Upload URLs one account may ask for in an hour. */
const UPLOADS_PER_HOUR = 30;
/**
 * Upload URLs one client address may ask for in an hour, whichever accounts it signs in to:
 * without it, an address with many accounts could park many unapplied 5 MB uploads for the hour
 * they are kept. Two accounts' worth, so a household behind one address is not refused.
 */
const UPLOADS_PER_HOUR_PER_ADDRESS = 60;
const UPLOAD_WINDOW_MS = 60 * 60 * 1000;
/** After a refused upload the rest of its body is read and dropped up to this much. */
const MAX_DRAINED_BYTES = 16 * 1024 * 1024;

const UPLOAD_PATH = PROFILE_IMAGE_UPLOAD.path;
const IMAGES_PATH = '/api/profile-images';
const EXTENSIONS: Record<ProfileImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const UPLOAD_EXPIRED = 'This upload link has expired or was already used.';
const NOT_YOUR_UPLOAD = 'profileImageURL: must be the upload URL of a photo you sent';
/** The ceiling on the unapplied uploads of everyone is reached (UNAPPLIED_UPLOADS_MAX_MB). */
const STORAGE_FULL = 'Photo uploads are paused for a while. Please try again later.';
/** An upload URL in the right form that names no photo of this user's, stored within the hour. */
const UPLOAD_NOT_FOUND = 'That photo upload was not found or has expired. Please upload it again.';

const uploadParamsSchema = z.object({ id: z.uuid() });
const uploadQuerySchema = z.object({ signature: z.string().min(20).max(200) });
/** `<uuid>.<ext>`, as photos are stored: anything else names no photo (and no storage key). */
const imageParamsSchema = z.object({
  name: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/),
});

/** The address a stored photo is served at, under the site's origin. */
export function profileImageUrlOf(storageKey: string): string {
  return `${IMAGES_PATH}/${storageKey.slice(storageKey.indexOf('/') + 1)}`;
}

function tooManyUploads(hit: Hit, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, 'RATE_LIMITED', 'Too many uploads. Please try again later.', {
    retryAfterSeconds: seconds,
  });
}

/**
 * Reads and drops what is left of a refused upload, so the client reads the answer instead of a
 * reset connection; a client that keeps sending past MAX_DRAINED_BYTES is cut off.
 */
function drain(body: IncomingMessage): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    body.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_DRAINED_BYTES) body.destroy();
    });
    body.once('end', () => resolve());
    body.once('close', () => resolve());
    body.once('error', () => resolve());
    body.resume();
  });
}

/**
 * Profile photos (docs/product/account.md, "Profile photo"): a signed single-use upload URL, the
 * upload itself (size cap and type checked while it streams), setting and removing the photo,
 * and serving photos from the site's origin.
 */
export function registerProfileImageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  storage: ObjectStorage,
): void {
  const { config, db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = signedInHook(ctx);

  async function deleteFile(key: string | null | undefined, log: FastifyInstance['log']) {
    if (!key) return;
    await storage
      .delete(key)
      .catch((error: unknown) => log.error({ err: error, key }, 'a stored file was not deleted'));
  }

  routes.post(
    UPLOAD_PATH,
    {
      preParsing: signedIn,
      schema: { body: emptyRequestSchema, response: { 200: uploadTicketSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const now = ctx.now();
      // The account first: a refused call counts only towards the limits already checked, so
      // one account over its own limit does not use up its address's allowance for the others.
      const perAccount = await countHit(db, `profile-image:user:${userId}`, UPLOAD_WINDOW_MS, now);
      if (perAccount.count > UPLOADS_PER_HOUR) throw tooManyUploads(perAccount, now);
      const perAddress = await countHit(
        db,
        `profile-image:ip:${clientAddressKey(request.ip)}`,
        UPLOAD_WINDOW_MS,
        now,
      );
      if (perAddress.count > UPLOADS_PER_HOUR_PER_ADDRESS) throw tooManyUploads(perAddress, now);
      const id = randomUUID();
      const signature = randomBytes(32).toString('base64url');
      await db.query(
        `insert into profile_image_uploads (id, user_id, signature_hash, created_at, expires_at)
         values ($1, $2, $3, $4, $5)`,
        [id, userId, hashToken(signature), now, new Date(now.getTime() + UPLOAD_URL_TTL_MS)],
      );
      return { uploadURL: `${UPLOAD_PATH}/${id}?signature=${signature}` };
    },
  );

  // The upload: raw image bytes, never parsed. Every content type reaches the handler, which
  // answers for itself (and reads what is left of a refused body before it does).
  app.register(async (uploadScope) => {
    uploadScope.removeAllContentTypeParsers();
    uploadScope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const uploads = uploadScope.withTypeProvider<ZodTypeProvider>();
    uploads.put(
      `${UPLOAD_PATH}/:id`,
      {
        preParsing: signedIn,
        schema: {
          params: uploadParamsSchema,
          querystring: uploadQuerySchema,
          response: { 200: successResponseSchema },
        },
      },
      async (request, reply) => {
        const { userId } = sessionOf(request);
        const body = request.raw;
        const refuse = async (error: HttpError) => {
          await drain(body);
          reply.header('Connection', 'close');
          throw error;
        };
        // Single use: the URL is taken before a byte is read, so a second PUT finds it spent.
        const claimed = await db.query(
          `update profile_image_uploads set status = 'receiving'
           where id = $1 and user_id = $2 and signature_hash = $3 and status = 'issued'
             and expires_at > $4
           returning id`,
          [request.params.id, userId, hashToken(request.query.signature), ctx.now()],
        );
        if (claimed.rows.length === 0)
          return refuse(new HttpError(404, 'NOT_FOUND', UPLOAD_EXPIRED));
        // A refused body changes nothing: the URL is given back as it was (still bound to its
        // user and its 10 minutes), so only a stored photo spends it.
        const forget = () =>
          db.query(
            `update profile_image_uploads set status = 'issued' where id = $1 and status = 'receiving'`,
            [request.params.id],
          );

        // Only the bytes say which image it is (a PNG saved as photo.jpg is sent as image/jpeg),
        // but a body not even declared an image is refused before a byte is read.
        const declared = String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        if (!declared?.startsWith('image/')) {
          await forget();
          return refuse(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE));
        }
        if (Number(request.headers['content-length']) > PROFILE_IMAGE_MAX_BYTES) {
          await forget();
          return refuse(tooLarge(PROFILE_IMAGE_MAX_BYTES));
        }

        // The ceiling on unapplied uploads, swept only after an hour: this upload, now
        // 'receiving', counts at the cap with every other one under way, so of two that start
        // together the later to ask sees both, and together they never pass the ceiling.
        const pending = await db.query<{ total: string | number }>(
          `select coalesce(sum(case when status = 'stored' and size_bytes is not null
                               then size_bytes else $1 end), 0) as total
           from profile_image_uploads where status in ('receiving', 'stored')`,
          [PROFILE_IMAGE_MAX_BYTES],
        );
        const total = Number(pending.rows[0]?.total ?? 0);
        if (total > config.unappliedUploadsMaxBytes) {
          request.log.warn(
            { total, ceiling: config.unappliedUploadsMaxBytes },
            'photo upload refused: the unapplied uploads reached UNAPPLIED_UPLOADS_MAX_MB',
          );
          await forget();
          return refuse(new HttpError(503, 'STORAGE_FULL', STORAGE_FULL));
        }

        const guard = new ImageGuard(PROFILE_IMAGE_MAX_BYTES);
        const leftEarly = () => {
          if (!body.complete) guard.destroy(new Error('the client left during the upload'));
        };
        body.once('close', leftEarly);
        body.pipe(guard);
        let key: string;
        try {
          // Stored and served as what the bytes are, so the photo's Content-Type is always true.
          const type = await guard.type;
          key = `profile-images/${randomUUID()}.${EXTENSIONS[type]}`;
          await storage.put(key, guard, { contentType: type });
        } catch (error) {
          body.unpipe(guard);
          await forget();
          if (error instanceof HttpError) return refuse(error);
          throw error;
        } finally {
          body.off('close', leftEarly);
        }
        const stored = await db.query(
          `update profile_image_uploads set status = 'stored', storage_key = $2, size_bytes = $3
           where id = $1 and status = 'receiving'
           returning id`,
          [request.params.id, key, guard.bytes],
        );
        // The row went while the body streamed (the account was deleted, or the sweeper took it):
        // nothing would ever refer to the file, so it goes too, and the URL is no longer valid.
        if (stored.rows.length === 0) {
          await deleteFile(key, request.log);
          throw new HttpError(404, 'NOT_FOUND', UPLOAD_EXPIRED);
        }
        return { success: true as const };
      },
    );
  });

  routes.put(
    '/api/profile-image',
    {
      preParsing: signedIn,
      schema: { body: profileImageUpdateSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      let url: URL;
      try {
        url = new URL(request.body.profileImageURL, config.publicOrigin);
      } catch {
        throw new HttpError(400, 'VALIDATION', NOT_YOUR_UPLOAD);
      }
      const id = url.pathname.match(/^\/api\/profile-image\/upload\/([^/]+)$/)?.[1];
      const signature = url.searchParams.get('signature');
      // Checked as the upload's own route checks it: an id that is no UUID (36 dashes, say)
      // would reach the uuid column and fail there (500) instead of being refused as not an upload.
      const isUploadId = uploadParamsSchema.safeParse({ id }).success;
      if (url.origin !== config.publicOrigin || !id || !isUploadId || !signature) {
        throw new HttpError(400, 'VALIDATION', NOT_YOUR_UPLOAD);
      }
      const now = ctx.now();
      const replaced = await db.transaction(async (tx) => {
        const upload = await tx.query<{ storage_key: string }>(
          `delete from profile_image_uploads
           where id = $1 and user_id = $2 and signature_hash = $3 and status = 'stored'
             and created_at > $4
           returning storage_key`,
          [id, userId, hashToken(signature), new Date(now.getTime() - UNAPPLIED_UPLOAD_TTL_MS)],
        );
        const key = upload.rows[0]?.storage_key;
        if (!key) throw new HttpError(404, 'NOT_FOUND', UPLOAD_NOT_FOUND);
        const previous = await tx.query<{ profile_image_key: string | null }>(
          'select profile_image_key from users where id = $1 for update',
          [userId],
        );
        await tx.query(
          `update users set profile_image_url = $2, profile_image_key = $3, updated_at = $4
           where id = $1`,
          [userId, profileImageUrlOf(key), key, now],
        );
        return previous.rows[0]?.profile_image_key ?? null;
      });
      await deleteFile(replaced, request.log);
      const user = await findUser(db, config, userId);
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
      return { user };
    },
  );

  routes.delete(
    '/api/profile-image',
    { preParsing: signedIn, schema: { response: { 200: userResponseSchema } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { rows } = await db.query<{ profile_image_key: string | null }>(
        `update users u set profile_image_url = null, profile_image_key = null, updated_at = $2
         from (select id, profile_image_key from users where id = $1 for update) previous
         where u.id = previous.id
         returning previous.profile_image_key`,
        [userId, ctx.now()],
      );
      await deleteFile(rows[0]?.profile_image_key, request.log);
      const user = await findUser(db, config, userId);
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Not signed in');
      return { user };
    },
  );

  // Photos are public to whoever has the (unguessable) address, served with their real type.
  routes.get(
    `${IMAGES_PATH}/:name`,
    { schema: { params: imageParamsSchema } },
    async (request, reply) => {
      const key = `profile-images/${request.params.name}`;
      const direct = await storage.signedUrl(key, 60 * 60);
      if (direct) return reply.redirect(direct, 302);
      const object = await storage.get(key);
      if (!object) throw new HttpError(404, 'NOT_FOUND', 'Not found');
      return (
        reply
          .header('Content-Type', object.contentType)
          .header('Content-Length', String(object.size))
          .header('X-Content-Type-Options', 'nosniff')
          // A photo's address never changes content: a new photo gets a new address.
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(object.body)
      );
    },
  );
}
