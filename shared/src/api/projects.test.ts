import { MutationObserver } from '@tanstack/react-query';
import { buildProject } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client';
import type { CreateProjectBody } from '../schemas/project';
import {
  createProjectMutationOptions,
  projectQueryOptions,
  projectsQueryOptions,
} from './projects';

describe('project calls', () => {
  it('creating a request refreshes the list and caches the new project itself', async () => {
    const project = buildProject();
    const api = mockApi({
      routes: {
        'POST /api/projects': json(project, 201),
        'GET /api/projects': json([project]),
      },
    });
    const client = createQueryClient();
    client.setQueryData(projectsQueryOptions().queryKey, []);
    const observer = new MutationObserver(client, createProjectMutationOptions());
    await observer.mutate({} as CreateProjectBody);

    expect(client.getQueryState(projectsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryData(projectQueryOptions(project.id).queryKey)).toEqual(project);
    expect(api.callsTo('POST /api/projects')).toHaveLength(1);
  });

  it("reads with the query's abort signal", async () => {
    const api = mockApi({ routes: { 'GET /api/projects': json([]) } });
    await createQueryClient().fetchQuery(projectsQueryOptions());
    expect(api.fetch.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
  });
});
