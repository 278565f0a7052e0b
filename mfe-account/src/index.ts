// Standalone development entry; the async boundary lets Module Federation set up shared
// singletons first. Inside the host only the exposed pages are used.
import('./standalone');
