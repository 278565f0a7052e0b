import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { STARTED_WITH_ITS_ROUTE } from '../query-client';
import {
  type CreateGuideBody,
  type Guide,
  type GuideList,
  guideListSchema,
  guideSchema,
  guideStatsOf,
  type UpdateGuideBody,
} from '../schemas/guide';
import { apiRequest } from './client';

/** GET /api/admin/guides: every guide, the figures and the business number (admins only). */
export function fetchGuides(signal?: AbortSignal) {
  return apiRequest('GET', '/api/admin/guides', { schema: guideListSchema, signal });
}

/**
 * Guides join from their phones, not from the admin's page: unlike the site's other reads, the
 * list is read again whenever the admin comes back to the tab (docs/product/site.md, "Cache
 * policy"), and on the page's Refresh.
 */
export const guidesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'guides'] as const,
    queryFn: ({ signal }) => fetchGuides(signal),
    refetchOnWindowFocus: 'always',
    ...STARTED_WITH_ITS_ROUTE,
  });

/** POST /api/admin/guides: the new guide, with its join code. */
export function createGuide(body: CreateGuideBody) {
  return apiRequest('POST', '/api/admin/guides', { body, schema: guideSchema });
}

/** PATCH /api/admin/guides/:id with the fields that change. */
export function updateGuide({ id, changes }: { id: string; changes: UpdateGuideBody }) {
  return apiRequest('PATCH', `/api/admin/guides/${encodeURIComponent(id)}`, {
    body: changes,
    schema: guideSchema,
  });
}

/**
 * The cached list with `guide` in it: in its place, or first (the list is newest first). The
 * figures are counted again from the list, as the server counts them.
 *
 * A read of the list under way (the admin came back to the tab, Refresh) may have been answered
 * before the write: landing after it, it would undo the switch or drop the new guide. It is
 * cancelled first and, once the guide is in, sent again: asked after the write, it holds it.
 */
async function putGuide(client: QueryClient, guide: Guide) {
  const { queryKey } = guidesQueryOptions();
  const wasReading = client.isFetching({ queryKey, exact: true }) > 0;
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, (list: GuideList | undefined) => {
    if (!list) return list;
    const known = list.guides.some((item) => item.id === guide.id);
    const guides = known
      ? list.guides.map((item) => (item.id === guide.id ? guide : item))
      : [guide, ...list.guides];
    return { ...list, guides, stats: guideStatsOf(guides) };
  });
  if (wasReading) void client.refetchQueries({ queryKey, exact: true });
}

/** Creating a guide: the answer goes straight into the cached list, no second request. */
export const createGuideMutationOptions = () =>
  mutationOptions({
    mutationKey: ['admin', 'guides', 'create'] as const,
    mutationFn: createGuide,
    onSuccess: (guide, _body, _result, { client }) => putGuide(client, guide),
  });

/** Changing a guide (the active switch): the answer replaces the guide in the cached list. */
export const updateGuideMutationOptions = () =>
  mutationOptions({
    mutationKey: ['admin', 'guides', 'update'] as const,
    mutationFn: updateGuide,
    onSuccess: (guide, _variables, _result, { client }) => putGuide(client, guide),
  });
