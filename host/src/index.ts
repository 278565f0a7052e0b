// The async boundary lets Module Federation negotiate shared singletons (React, router, query
// client, Mantine, @trek/shared) before any of them is evaluated.
import('./bootstrap');
