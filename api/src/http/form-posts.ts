import type { FastifyInstance } from 'fastify';

/**
 * Lets a scope take the API's plain HTML form posts (a confirmation page's button): a small
 * urlencoded body read as a flat object, for the route's zod schema to check. Only the scopes
 * that serve such a page register it; everywhere else the API takes JSON alone.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
