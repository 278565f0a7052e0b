import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { STARTED_WITH_ITS_ROUTE } from '../query-client';
import {
  type CreateProjectBody,
  PROJECT_PAGE_SIZE,
  type Project,
  type ProjectListQuery,
  projectListSchema,
  projectSchema,
} from '../schemas/project';
import {
  type NotifyGuidesBody,
  notifyGuidesResultSchema,
  type ProjectUpdateBody,
  projectDeletedSchema,
  projectUpdateResultSchema,
} from '../schemas/project-update';
import {
  clearPendingGuideNotices,
  forgetPendingGuideNotice,
  keepPendingGuideNotice,
  pendingGuideNoticesOf,
} from '../storage/pending-guide-notices';
import { ApiError, apiRequest } from './client';

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/** GET /api/projects: one page, newest first (docs/product/projects.md, "Listing"). */
export function fetchProjects(signal?: AbortSignal, page: ProjectListQuery = {}) {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.after) query.set('after', page.after);
  const search = query.toString() ? `?${query.toString()}` : '';
  return apiRequest('GET', `/api/projects${search}`, { schema: projectListSchema, signal });
}

export function fetchProject(id: string, signal?: AbortSignal) {
  return apiRequest('GET', projectPath(id), {
    schema: projectSchema,
    signal,
  });
}

/**
 * Every project of the traveler, newest first: pages of the largest size until one comes back
 * short (one request for nearly everybody: at most 50 requests are open at once).
 */
export async function fetchAllProjects(signal?: AbortSignal): Promise<Project[]> {
  const projects: Project[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetchProjects(signal, { limit: PROJECT_PAGE_SIZE.max, after });
    projects.push(...page);
    after = page.at(-1)?.id;
    if (page.length < PROJECT_PAGE_SIZE.max || !after) return projects;
  }
}

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'list'] as const,
    queryFn: ({ signal }) => fetchAllProjects(signal),
    ...STARTED_WITH_ITS_ROUTE,
  });

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'detail', id] as const,
    queryFn: ({ signal }) => fetchProject(id, signal),
    ...STARTED_WITH_ITS_ROUTE,
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
    // The wizard answers a 401 itself (its sign-in modal): not the suite-wide toast. Here, not
    // in the page, so a page built before this knew of it is answered the same.
    meta: { handlesSessionEnd: true },
    mutationFn: createProject,
    onSuccess: async (project, _body, _result, { client }) => {
      const detail = projectQueryOptions(project.id).queryKey;
      client.setQueryData(detail, project);
      // Not waited for: the page the user goes to shows the saved project meanwhile.
      void client.invalidateQueries({ queryKey: detail });
      await client.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
    },
  });

/** PATCH /api/projects/:id with the changed fields only; answers the saved project. */
export function updateProject({ id, changes }: { id: string; changes: ProjectUpdateBody }) {
  return apiRequest('PATCH', projectPath(id), { body: changes, schema: projectUpdateResultSchema });
}

/**
 * Saving an edit: the answer is the project as saved (read back in the update's transaction), so
 * it replaces the cached one at once; the project is then read again (spec section 7: "refetch
 * then go to project page"), and the list next time it is shown. A project found gone (404:
 * cancelled, maybe in another tab) leaves the cache as a cancelled one does.
 */
export const updateProjectMutationOptions = () =>
  mutationOptions({
    mutationKey: ['projects', 'update'] as const,
    // The edit page's review dialog explains a 401 and keeps the edits on screen: the suite-wide
    // answer (the user read again, then the sign-in page) would take them away. Here, not in the
    // page, so an edit page built before this knew of it keeps its dialog too.
    meta: { handlesSessionEnd: true },
    mutationFn: updateProject,
    onSuccess: async ({ project }, _variables, _result, { client }) => {
      const detail = projectQueryOptions(project.id).queryKey;
      client.setQueryData(detail, project);
      // Not waited for: the page the user goes to shows the saved project meanwhile.
      void client.invalidateQueries({ queryKey: detail });
      await client.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
    },
    onError: async (error, { id }, _result, { client }) => {
      if (error instanceof ApiError && error.status === 404) await forgetProject(client, id);
    },
  });

/** POST /api/projects/:id/notify-guides: queues the notice of a saved change set (202). */
export function notifyGuides({ id, notice }: { id: string; notice: NotifyGuidesBody }) {
  return apiRequest('POST', `${projectPath(id)}/notify-guides`, {
    body: notice,
    schema: notifyGuidesResultSchema,
  });
}

type NotifyGuidesResult = Awaited<ReturnType<typeof notifyGuides>>;

/**
 * A saved change set's notice, after any of the project's that still wait (an earlier save whose
 * notice failed): guides never read of a later save before an earlier one.
 */
async function notifyGuidesInOrder({ id, notice }: { id: string; notice: NotifyGuidesBody }) {
  const waiting = pendingGuideNoticesOf(id);
  if (waiting.every((kept) => kept.changeSetId === notice.changeSetId)) {
    return notifyGuides({ id, notice });
  }
  keepPendingGuideNotice(id, notice);
  const answers = await notifyPendingGuides(id);
  return answers[answers.length - 1] ?? null;
}

/**
 * Telling guides about a saved change set (after the project's notices still waiting, if any). A
 * notice that could not be sent is kept in this browser for the project page to send again
 * (beside the notices of other change sets still waiting), and forgotten once sent (or once its
 * project is gone). Safe to repeat.
 */
export const notifyGuidesMutationOptions = () =>
  mutationOptions({
    mutationKey: ['projects', 'notify-guides'] as const,
    mutationFn: notifyGuidesInOrder,
    onSuccess: (_answer, { id, notice }) => forgetPendingGuideNotice(id, notice.changeSetId),
    onError: (error, { id, notice }) => keepOrForgetUnsent(error, id, notice),
  });

function keepOrForgetUnsent(error: unknown, id: string, notice: NotifyGuidesBody) {
  // 404: the project is gone (its change sets go with it); there is nobody left to tell of any.
  if (error instanceof ApiError && error.status === 404) clearPendingGuideNotices(id);
  else keepPendingGuideNotice(id, notice);
}

/**
 * Sends every notice this browser keeps for the project, oldest first, each forgotten once sent.
 * It stops at the first that fails (that one and the later ones stay kept), so guides never read
 * of a later save before an earlier one.
 */
export async function notifyPendingGuides(id: string): Promise<NotifyGuidesResult[]> {
  const answers: NotifyGuidesResult[] = [];
  for (const notice of pendingGuideNoticesOf(id)) {
    try {
      answers.push(await notifyGuides({ id, notice }));
    } catch (error) {
      keepOrForgetUnsent(error, id, notice);
      throw error;
    }
    forgetPendingGuideNotice(id, notice.changeSetId);
  }
  return answers;
}

/**
 * The project page's 'Notify guides': every notice still waiting for the project, in one go. A
 * project found gone (404: cancelled, maybe in another tab) leaves the cache as a cancelled one
 * does, its notices with it.
 */
export const notifyPendingGuidesMutationOptions = () =>
  mutationOptions({
    mutationKey: ['projects', 'notify-guides', 'pending'] as const,
    mutationFn: notifyPendingGuides,
    onError: async (error, id, _result, { client }) => {
      if (error instanceof ApiError && error.status === 404) await forgetProject(client, id);
    },
  });

/** DELETE /api/projects/:id: cancels (deletes) the request. */
export function deleteProject(id: string) {
  return apiRequest('DELETE', projectPath(id), { schema: projectDeletedSchema });
}

/**
 * Cancelling a request. Once it is gone (or found already gone: 404), it leaves the cache: its
 * page can never show it again, and the list drops it at once and is read again.
 */
export const deleteProjectMutationOptions = () =>
  mutationOptions({
    mutationKey: ['projects', 'delete'] as const,
    mutationFn: deleteProject,
    onSuccess: (_answer, id, _result, { client }) => forgetProject(client, id),
    onError: async (error, id, _result, { client }) => {
      if (error instanceof ApiError && error.status === 404) await forgetProject(client, id);
    },
  });

async function forgetProject(client: QueryClient, id: string) {
  clearPendingGuideNotices(id);
  client.removeQueries({ queryKey: projectQueryOptions(id).queryKey, exact: true });
  client.setQueryData(projectsQueryOptions().queryKey, (projects) =>
    projects?.filter((project) => project.id !== id),
  );
  await client.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
}
