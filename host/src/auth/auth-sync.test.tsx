import { type QueryKey, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import {
  authMethodsQueryOptions,
  createQueryClient,
  emailChangeQueryOptions,
  guidesQueryOptions,
  healthQueryOptions,
  projectQueryOptions,
  projectsQueryOptions,
  providersQueryOptions,
  type User,
  userQueryOptions,
  userSettingsQueryOptions,
} from '@trek/shared';
import { buildProject, buildUser } from '@trek/shared/testing/builders';
import { json, mockApi } from '@trek/shared/testing/mock-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { startAuthSync } from './auth-sync';

const ana = buildUser();
const bob = buildUser({ id: 'u2', email: 'bob@example.com', firstName: 'Bob', displayName: 'Bob' });

let stop = () => {};
afterEach(() => stop());

/** A page that lists the signed-in user's projects by title. */
function ProjectTitles() {
  const projects = useQuery(projectsQueryOptions());
  if (!projects.data) return <p>Loading projects</p>;
  return (
    <ul>
      {projects.data.map((project) => (
        <li key={project.id}>{project.title}</li>
      ))}
    </ul>
  );
}

describe('the cache when another user signs in on the same page', () => {
  it("never shows the previous user's projects to the next one, through a sign-out", async () => {
    const who: { user: User | null } = { user: ana };
    const api = mockApi({
      routes: {
        'GET /api/auth/user': () => json(who.user),
        'GET /api/projects': () =>
          json([buildProject({ title: who.user === ana ? "Ana's Lares" : "Bob's Salkantay" })]),
      },
    });
    const queryClient = createQueryClient();
    stop = startAuthSync(queryClient);
    const user = userQueryOptions();
    await queryClient.fetchQuery(user);
    renderRoutes([{ path: '*', element: <ProjectTitles /> }], { queryClient });
    expect(await screen.findByText("Ana's Lares")).toBeTruthy();

    queryClient.setQueryData(user.queryKey, null);
    who.user = bob;
    await queryClient.refetchQueries({ queryKey: user.queryKey });

    expect(await screen.findByText("Bob's Salkantay")).toBeTruthy();
    expect(screen.queryByText("Ana's Lares")).toBeNull();
    expect(api.callsTo('GET /api/projects')).toHaveLength(2);
  });

  it("drops every read of the previous user, keeps the reads that are nobody's", async () => {
    // Without BroadcastChannel too: a sign-in in this very tab is no message from another.
    vi.stubGlobal('BroadcastChannel', undefined);
    const queryClient = createQueryClient();
    stop = startAuthSync(queryClient);
    const { queryKey: userKey } = userQueryOptions();
    const someones: QueryKey[] = [
      projectsQueryOptions().queryKey,
      projectQueryOptions('p1').queryKey,
      userSettingsQueryOptions().queryKey,
      authMethodsQueryOptions().queryKey,
      emailChangeQueryOptions().queryKey,
      guidesQueryOptions().queryKey,
    ];
    const nobodys: QueryKey[] = [providersQueryOptions().queryKey, healthQueryOptions().queryKey];
    const fill = () => {
      for (const key of [...someones, ...nobodys]) queryClient.setQueryData(key, { cached: true });
    };

    queryClient.setQueryData(userKey, ana);
    fill();
    // The same user again, after a sign-out: the reads are still theirs.
    queryClient.setQueryData(userKey, null);
    queryClient.setQueryData(userKey, ana);
    for (const key of someones) expect(queryClient.getQueryData(key)).toEqual({ cached: true });

    queryClient.setQueryData(userKey, bob);
    for (const key of someones) expect(queryClient.getQueryData(key)).toBeUndefined();
    for (const key of nobodys) expect(queryClient.getQueryData(key)).toEqual({ cached: true });
    expect(queryClient.getQueryData(userKey)).toEqual(bob);

    // Bob's reads are his until someone else signs in.
    fill();
    queryClient.setQueryData(userKey, buildUser({ id: bob.id, displayName: 'Bobby' }));
    for (const key of someones) expect(queryClient.getQueryData(key)).toEqual({ cached: true });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});
