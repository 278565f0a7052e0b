import { z } from 'zod';

/**
 * The spec's e-mail rule (section 5): one non-space part, an at-sign, a part, a dot, a part.
 * Shared by the forms and the server so both accept the same addresses.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN);

export const personNameSchema = z.string().trim().min(1).max(100);
