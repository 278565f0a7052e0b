import { createQueryClient, userQueryOptions } from '@trek/shared';

/**
 * The one QueryClient of the page; remotes use it through the shared singletons and never
 * create their own inside the host.
 */
export const queryClient = createQueryClient();

// Every page asks who the user is (the header, the signed-in areas and their data wait for it):
// asked as soon as the client exists, before the rest of the app is evaluated and rendered. The
// first component that reads it joins the request under way.
void queryClient.prefetchQuery(userQueryOptions());
