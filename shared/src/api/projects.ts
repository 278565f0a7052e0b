import { queryOptions } from '@tanstack/react-query';
import { type CreateProjectBody, projectListSchema, projectSchema } from '../schemas/project';
import { apiRequest } from './client';

export function fetchProjects() {
  return apiRequest('GET', '/api/projects', { schema: projectListSchema });
}

export function fetchProject(id: string) {
  return apiRequest('GET', `/api/projects/${encodeURIComponent(id)}`, { schema: projectSchema });
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'list'] as const, queryFn: fetchProjects });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['projects', 'detail', id] as const, queryFn: () => fetchProject(id) });

/** POST /api/projects; errors carry the server's `code` (e.g. TEMPORARY_EMAIL) on ApiError. */
export function createProject(body: CreateProjectBody) {
  return apiRequest('POST', '/api/projects', { body, schema: projectSchema });
}
