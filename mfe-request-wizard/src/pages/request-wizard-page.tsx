import { Container, Title } from '@mantine/core';
import { PageMeta } from '@trek/shared';
import { RegistrationModal } from '../features/registration/components/registration-modal';
import { useAutoSubmit } from '../features/submission/hooks/use-auto-submit';
import { useSubmitRequest } from '../features/submission/hooks/use-submit-request';
import { RequestWizard } from '../features/wizard/components/request-wizard';
import { useWizardForm } from '../features/wizard/hooks/use-wizard-form';

/** Exposed as `wizard/RequestWizardPage`: /, /trek/new and /create-project. */
export default function RequestWizardPage() {
  const { data, update, replace } = useWizardForm();
  const { submit, submitting, signInOpen, closeSignIn } = useSubmitRequest();
  useAutoSubmit({ data, replace, submit });

  return (
    <>
      <PageMeta
        title="Create your trek request"
        description="Describe the trek you dream of in Peru and receive personalised offers from local guides."
      />
      <Container size="lg" py={{ base: 'md', md: 'xl' }}>
        <Title order={1} fz={{ base: 24, sm: 30 }} mb="lg">
          Create your trek request
        </Title>
        <RequestWizard
          data={data}
          update={update}
          submitting={submitting}
          onSubmit={() => submit(data)}
        />
      </Container>
      <RegistrationModal opened={signInOpen} onClose={closeSignIn} />
    </>
  );
}
