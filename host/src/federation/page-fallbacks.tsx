import { Alert, Button, Container, Text } from '@mantine/core';
import type { FallbackProps } from 'react-error-boundary';
import { IncompatibleRemoteError } from './incompatible-remote-error';

/** In the page area when a remote page's code could not be loaded; header and footer stay. */
export function RemoteLoadFailed({ error, resetErrorBoundary }: FallbackProps) {
  // A remote built for an older site than this page: a reload gets the same page again; the
  // remote's team must deploy a new build, which Retry then loads (it reads the remote anew).
  if (error instanceof IncompatibleRemoteError && error.builtAgainstOlder) {
    return (
      <Container size="sm" py="xl">
        <Alert variant="light" color="orange" title="This page is being updated" role="alert">
          <Text mb="md">
            This part of TrekPeru is being updated and is not available for the moment. The rest of
            the site still works; please try again in a few minutes.
          </Text>
          <Button onClick={resetErrorBoundary}>Retry</Button>
        </Alert>
      </Container>
    );
  }
  if (error instanceof IncompatibleRemoteError) {
    return (
      <Container size="sm" py="xl">
        <Alert variant="light" color="orange" title="This page needs a newer TrekPeru" role="alert">
          <Text mb="md">
            This part of TrekPeru was updated and needs a newer version of the site than this page
            has. Reloading the page usually fixes it.
          </Text>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Alert variant="light" color="orange" title="This page could not be loaded" role="alert">
        <Text mb="md">
          This part of TrekPeru is temporarily unavailable. The rest of the site still works; please
          try again in a moment.
        </Text>
        <Button onClick={resetErrorBoundary}>Retry</Button>
      </Alert>
    </Container>
  );
}

/** In the page area when a loaded page fails while rendering: a fault, not a download problem. */
export function PageCrashed({ resetErrorBoundary }: FallbackProps) {
  return (
    <Container size="sm" py="xl">
      <Alert variant="light" color="red" title="This page stopped working" role="alert">
        <Text mb="md">
          Something went wrong while showing this page. The rest of TrekPeru still works.
        </Text>
        <Button variant="default" onClick={resetErrorBoundary}>
          Show the page again
        </Button>
      </Alert>
    </Container>
  );
}
