import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  type CreateProjectBody,
  type ProjectListQuery,
  projectListSchema,
  projectSchema,
} from '../schemas/project';
import { apiRequest } from './client';

/** GET /api/projects: one page, newest first (docs/product/projects.md, "Listing"). */
export function fetchProjects(signal?: AbortSignal, page: ProjectListQuery = {}) {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.after) query.set('after', page.after);
  const search = query.toString() ? `?${query.toString()}` : '';
  return apiRequest('GET', `/api/projects${search}`, { schema: projectListSchema, signal });
}

export function fetchProject(id: string, signal?: AbortSignal) {
  return apiRequest('GET', `/api/projects/${encodeURIComponent(id)}`, {
    schema: projectSchema,
    signal,
  });
}

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'list'] as const,
    queryFn: ({ signal }) => fetchProjects(signal),
  });

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'detail', id] as const,
    queryFn: ({ signal }) => fetchProject(id, signal),
  });

/** POST /api/projects; errors carry the server's `code` (e.g. TEMPORARY_EMAIL) on ApiError. */
export function createProject(body: CreateProjectBody) {
  return apiRequest('POST', '/api/projects', { body, schema: projectSchema });
}

/**
 * Creating a request. Its effects on the cache belong to it, not to the page that calls it: the
 * new project is cached for its page, and the list is read again next time it is shown.
 */
export const createProjectMutationOptions = () =>
  mutationOptions({
    mutationKey: ['projects', 'create'] as const,
    mutationFn: createProject,
    onSuccess: async (project, _body, _result, { client }) => {
      client.setQueryData(projectQueryOptions(project.id).queryKey, project);
      await client.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
    },
  });
