import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { buildGuide, buildGuideList } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import type { Guide } from '../schemas/guide';
import {
  createGuideMutationOptions,
  guidesQueryOptions,
  updateGuideMutationOptions,
} from './admin-guides';

const rosa = buildGuide({ name: 'Rosa Huaman' });
const luis = buildGuide({ name: 'Luis Condori' });

/**
 * The guide list's API: the server's guides, changed by the writes; a read answered before a
 * write is held back until `release()` (it lands after the write's answer).
 */
function guidesApi() {
  let guides: Guide[] = [rosa];
  const held: Array<() => void> = [];
  let holdNextRead = false;
  const api = mockApi({
    user: null,
    routes: {
      'GET /api/admin/guides': () => {
        const answer = json(buildGuideList(guides));
        if (!holdNextRead) return answer;
        holdNextRead = false;
        return new Promise<Response>((resolve) => held.push(() => resolve(answer)));
      },
      'PATCH /api/admin/guides/:id': ({ params, body }) => {
        guides = guides.map((guide) =>
          guide.id === params.id ? { ...guide, ...(body as Partial<Guide>) } : guide,
        );
        return json(guides.find((guide) => guide.id === params.id));
      },
      'POST /api/admin/guides': () => {
        guides = [luis, ...guides];
        return json(luis, 201);
      },
    },
  });
  return {
    api,
    holdNextRead: () => {
      holdNextRead = true;
    },
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}

/** The list cached, then read again (the admin came back to the tab) with a slow answer. */
async function listBeingReadAgain(server: ReturnType<typeof guidesApi>) {
  const client = createQueryClient();
  await client.fetchQuery(guidesQueryOptions());
  server.holdNextRead();
  const olderRead = client.refetchQueries({ queryKey: guidesQueryOptions().queryKey });
  return { client, olderRead };
}

async function settled(client: QueryClient, olderRead: Promise<void>) {
  await olderRead;
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return client.getQueryData(guidesQueryOptions().queryKey);
}

describe('the admin guide list and a read already under way', () => {
  it('keeps the active switch as written when the older read answers after it', async () => {
    const server = guidesApi();
    const { client, olderRead } = await listBeingReadAgain(server);
    await new MutationObserver(client, updateGuideMutationOptions()).mutate({
      id: rosa.id,
      changes: { isActive: false },
    });
    server.release();

    const list = await settled(client, olderRead);
    expect(list?.guides.map((guide) => guide.isActive)).toEqual([false]);
    expect(list?.stats.active).toBe(0);
  });

  it('keeps a new guide in the list when the older read answers after it', async () => {
    const server = guidesApi();
    const { client, olderRead } = await listBeingReadAgain(server);
    await new MutationObserver(client, createGuideMutationOptions()).mutate({
      name: 'Luis Condori',
      locale: 'es',
    });
    server.release();

    const list = await settled(client, olderRead);
    expect(list?.guides.map((guide) => guide.name)).toEqual(['Luis Condori', 'Rosa Huaman']);
    // The read cancelled is sent again, after the write: one more than the first and the older.
    expect(server.api.callsTo('GET /api/admin/guides')).toHaveLength(3);
  });

  it('sends no read of its own when none was under way', async () => {
    const server = guidesApi();
    const client = createQueryClient();
    await client.fetchQuery(guidesQueryOptions());
    await new MutationObserver(client, createGuideMutationOptions()).mutate({
      name: 'Luis Condori',
      locale: 'es',
    });
    expect(client.getQueryData(guidesQueryOptions().queryKey)?.guides).toHaveLength(2);
    expect(server.api.callsTo('GET /api/admin/guides')).toHaveLength(1);
  });
});
