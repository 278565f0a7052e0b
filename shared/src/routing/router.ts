/**
 * What `react-router-dom` means in every build of the suite: the host shares this module as the
 * package's singleton, so a page loads the parts of React Router the suite uses, not all of it
 * (docs/decisions/0007-what-the-browser-receives.md). Re-exported from '#react-router-dom' so
 * Module Federation does not take the import for its own share.
 */
export {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  matchPath,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useBeforeUnload,
  useBlocker,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from '#react-router-dom';
