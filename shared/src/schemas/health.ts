import { z } from 'zod/mini';

/** GET /health: `ok` while the API and its database answer (503 with `error` otherwise). */
export const healthSchema = z.object({ status: z.string() });

export type Health = z.infer<typeof healthSchema>;
