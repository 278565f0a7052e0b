/**
 * What `@tanstack/react-query` means in every build of the suite: the host shares this module as
 * the package's singleton, so a page loads the parts of TanStack Query the suite uses, not all of
 * it (docs/decisions/0007-what-the-browser-receives.md). Re-exported from '#tanstack-react-query'
 * so Module Federation does not take the import for its own share. A name the suite starts using
 * goes here first (library-slices.test.ts fails until it does).
 */
export {
  MutationCache,
  mutationOptions,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '#tanstack-react-query';
