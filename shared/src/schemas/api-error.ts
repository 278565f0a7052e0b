import { z } from 'zod';

/** Every error answer of the API (ARCHITECTURE section 4). */
export const apiErrorBodySchema = z.object({ message: z.string(), code: z.string().optional() });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
