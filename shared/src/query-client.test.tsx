import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildUser } from '@trek/shared/testing/builders';
import { apiError, heldAnswer, json, type MockRoute, mockApi } from '@trek/shared/testing/mock-api';
import { afterEach, describe, expect, it } from 'vitest';
import { userQueryOptions } from './api/auth';
import { apiRequest } from './api/client';
import { createProjectMutationOptions, updateProjectMutationOptions } from './api/projects';
import { useAuth } from './auth/use-auth';
import { createQueryClient, SESSION_ENDED_MESSAGE } from './query-client';
import { AppProviders } from './ui/app-providers';

describe('createQueryClient', () => {
  it('applies the documented cache policy: no retries, no refetch on focus or interval, never stale', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(mutations?.retry).toBe(false);
  });
});

const user = buildUser();
const PAGE_FAILURE = 'Failed to update profile';

/** The API with a session that `end()` ends: the user read answers 401 from then on. */
function mockSession(routes: Record<string, MockRoute>, { signedIn = true } = {}) {
  let session = signedIn;
  const api = mockApi({
    routes: {
      'GET /api/auth/user': () =>
        session ? json(user) : apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
      ...routes,
    },
  });
  return { api, end: () => (session = false) };
}

/** A page with the header's auth state and a write with its own failure toast. */
function Page({ handlesSessionEnd = false }: { handlesSessionEnd?: boolean }) {
  const { user: signedIn, isLoading } = useAuth();
  const save = useMutation({
    mutationFn: () => apiRequest('PUT', '/api/user/profile', { body: { displayName: 'Ana' } }),
    ...(handlesSessionEnd ? { meta: { handlesSessionEnd } } : {}),
  });
  return (
    <>
      <p>{isLoading ? 'Loading' : signedIn ? `Signed in as ${signedIn.email}` : 'Signed out'}</p>
      <button
        type="button"
        onClick={() =>
          save.mutate(undefined, {
            onError: () => notifications.show({ color: 'red', message: PAGE_FAILURE }),
          })
        }
      >
        Save
      </button>
    </>
  );
}

async function renderPage(props: { handlesSessionEnd?: boolean } = {}) {
  const client = createQueryClient();
  render(
    <AppProviders queryClient={client} env="test">
      <Page {...props} />
    </AppProviders>,
  );
  await screen.findByText(/Signed in as|Signed out/);
  return { client, user: userEvent.setup() };
}

/** Lets the tasks queued by the failure run (the session toast waits one). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  act(() => notifications.clean());
});

describe('a call answered 401 (the session ended)', () => {
  it('reads the user again and, for a write, shows the session toast last, in place of the page’s', async () => {
    const { api, end } = mockSession({
      'PUT /api/user/profile': apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
    });
    const { user: person } = await renderPage();
    expect(screen.getByText(`Signed in as ${user.email}`)).toBeTruthy();
    end();
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeTruthy();
    await settle();
    expect(screen.getByText(SESSION_ENDED_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(PAGE_FAILURE)).toBeNull();
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(2);
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });

  it.each([
    [403, apiError(403, 'FORBIDDEN', 'Forbidden')],
    [500, apiError(500, 'INTERNAL', 'Internal error')],
  ])('does nothing more on a %i: the page’s toast stays', async (_status, answer) => {
    const { api } = mockSession({ 'PUT /api/user/profile': answer });
    const { user: person } = await renderPage();
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAGE_FAILURE)).toBeTruthy();
    await settle();
    expect(screen.getByText(PAGE_FAILURE)).toBeTruthy();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(1);
  });

  it('leaves a write that explains a 401 itself (meta.handlesSessionEnd) to its page', async () => {
    const { api, end } = mockSession({
      'PUT /api/user/profile': apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
    });
    const { user: person } = await renderPage({ handlesSessionEnd: true });
    end();
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAGE_FAILURE)).toBeTruthy();
    await settle();
    expect(screen.getByText(PAGE_FAILURE)).toBeTruthy();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(1);
    expect(screen.getByText(`Signed in as ${user.email}`)).toBeTruthy();
  });

  it('reads the user again after a read answered 401, without a toast', async () => {
    const { api, end } = mockSession({
      'GET /api/user/settings': apiError(401, 'UNAUTHENTICATED', 'Not signed in'),
    });
    const { client } = await renderPage();
    end();
    await act(() =>
      client
        .fetchQuery({
          queryKey: ['user', 'settings'],
          queryFn: () => apiRequest('GET', '/api/user/settings'),
        })
        .catch(() => undefined),
    );
    expect(await screen.findByText('Signed out')).toBeTruthy();
    await settle();
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(2);
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
  });

  it('says the session ended when the user was read as signed out while the write was on its way', async () => {
    const held = heldAnswer();
    const { end } = mockSession({
      'PUT /api/user/profile': held.route,
    });
    const { client, user: person } = await renderPage();
    await person.click(screen.getByRole('button', { name: 'Save' }));
    // Another tab signed out: the user is read as no one before the write's answer comes.
    end();
    await act(() => client.refetchQueries({ queryKey: userQueryOptions().queryKey }));
    expect(await screen.findByText('Signed out')).toBeTruthy();
    held.answer(apiError(401, 'UNAUTHENTICATED', 'Not signed in'));
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeTruthy();
  });

  it.each([
    ['creating a request', createProjectMutationOptions],
    ['saving an edit', updateProjectMutationOptions],
  ])('leaves %s to its page, whichever build of the page uses the options', (_what, options) => {
    expect(options().meta?.handlesSessionEnd).toBe(true);
  });

  it('tells a visitor nothing of a session they never had', async () => {
    const { api } = mockSession(
      { 'PUT /api/user/profile': apiError(401, 'UNAUTHENTICATED', 'Not signed in') },
      { signedIn: false },
    );
    const { user: person } = await renderPage();
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAGE_FAILURE)).toBeTruthy();
    await settle();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/auth/user')).toHaveLength(2));
  });

  it('does not loop on the user read, which answers null on 401', async () => {
    const { api } = mockSession({}, { signedIn: false });
    const client = createQueryClient();
    await expect(client.fetchQuery(userQueryOptions())).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(1);
  });
});
