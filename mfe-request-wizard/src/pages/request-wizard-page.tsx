import { Alert, Anchor, Container, Title } from '@mantine/core';
import {
  isSignInRequest,
  lazyWithRetry,
  PATHS,
  PageMeta,
  START_DATE_PASSED_MESSAGE,
  useAuth,
} from '@trek/shared';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { StayWhileSending } from '../features/submission/components/stay-while-sending';
import { useAutoSubmit } from '../features/submission/hooks/use-auto-submit';
import { useSubmitRequest } from '../features/submission/hooks/use-submit-request';
import { RequestWizard } from '../features/wizard/components/request-wizard';
import { useStepInHistory } from '../features/wizard/hooks/use-step-in-history';
import { useWizardForm } from '../features/wizard/hooks/use-wizard-form';
import { isPastStart, withoutPastStart } from '../features/wizard/model/wizard-state';

/** The dates step, where a start date that has passed is asked again. */
const DATES_STEP = 2;

/**
 * The sign-in modal (and Mantine's dialog slice, and the form schemas) load only for a visitor,
 * fetched while they answer the steps, so the wizard's first paint does not wait for them.
 */
const loadRegistrationModal = () =>
  import('../features/registration/components/registration-modal');
const RegistrationModal = lazyWithRetry(() =>
  loadRegistrationModal().then((module) => ({ default: module.RegistrationModal })),
);

/** Exposed as `wizard/RequestWizardPage`: /, /trek/new and /create-project. */
export default function RequestWizardPage() {
  const { data, update, replace, clearedElsewhere, stillSaved } = useWizardForm();
  const [step, setStep] = useStepInHistory(data);
  const { submit, submitting, waiting, isSending, signInOpen, closeSignIn } = useSubmitRequest();
  const { isAuthenticated, isLoading } = useAuth();
  useAutoSubmit({ data, replace, submit });
  // Set when Submit request found the start date passed; gone once a new one is chosen.
  const [startPassed, setStartPassed] = useState(false);
  if (startPassed && data.dates.start !== '') setStartPassed(false);
  const submitAnswers = useCallback(() => {
    if (!stillSaved()) return;
    // The last step checks only its own answers: a wizard left open past midnight still holds a
    // start that has passed since, and the API lets it through (a day's grace, as it cannot know
    // the traveler's time zone). It is asked again, as when saved answers are restored.
    if (isPastStart(data.dates.start)) {
      update(withoutPastStart);
      setStep(DATES_STEP);
      setStartPassed(true);
      return;
    }
    void submit(data);
  }, [submit, data, stillSaved, update, setStep]);

  // Another tab sent (or forgot) the answers: this one starts again at the first step, and the
  // 'Check your email' dialog about them closes. Adjusted while rendering, so no step is ever
  // shown without the answers that lead to it.
  const [clearedSeen, setClearedSeen] = useState(clearedElsewhere);
  if (clearedElsewhere !== clearedSeen) {
    setClearedSeen(clearedElsewhere);
    setStartPassed(false);
    setStep(0);
    closeSignIn();
  }
  // Said where the keyboard is (the button pressed, or the dialog, is gone), and announced. This
  // runs after the new first step's heading has taken focus, so the notice keeps it.
  const sentNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (clearedElsewhere?.sent) sentNotice.current?.focus();
  }, [clearedElsewhere]);
  // The same for a start date found passed: the dates step's heading has taken focus by now.
  const startPassedNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (startPassed) startPassedNotice.current?.focus();
  }, [startPassed]);

  // The header's Sign In pressed on this page: open the sign-in modal (only to sign in), then
  // forget the request so a reload or Back does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const [signInOnlyOpen, setSignInOnlyOpen] = useState(false);
  // The Sign In pressed, for focus to return to when the modal closes. Read as the page commits:
  // right after, the site moves focus to this page's heading (the navigation's announcement),
  // and pressed on another page, this page's code came meanwhile.
  const signInButton = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!isSignInRequest(location.state) || isAuthenticated) return;
    const pressed = document.activeElement;
    signInButton.current =
      pressed instanceof HTMLElement && pressed !== document.body ? pressed : null;
  }, [location, isAuthenticated]);
  useEffect(() => {
    if (!isSignInRequest(location.state)) return;
    if (!isAuthenticated) setSignInOnlyOpen(true);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, isAuthenticated, navigate]);
  const signInOnlyOpened = useRef(false);
  if (signInOnlyOpen) signInOnlyOpened.current = true;

  const visitorStarted = !isLoading && !isAuthenticated && data.trek !== '';
  useEffect(() => {
    // Fetched ahead: if this fails, the modal is fetched again when it opens.
    if (visitorStarted) loadRegistrationModal().catch(() => undefined);
  }, [visitorStarted]);
  // Once opened, the modal stays mounted: closing it keeps what it showed (a link just sent).
  const modalOpened = useRef(false);
  if (signInOpen) modalOpened.current = true;

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
        {clearedElsewhere?.sent && (
          <Alert
            ref={sentNotice}
            tabIndex={-1}
            color="teal"
            variant="light"
            mb="lg"
            title="Your trek request was sent"
          >
            It was sent from another tab, so this one starts a new request.{' '}
            <Anchor component={Link} to={PATHS.projects} inherit>
              View My Projects
            </Anchor>
          </Alert>
        )}
        {startPassed && (
          // An alert, not a field error: the wizard's steps show no field-level messages.
          <Alert ref={startPassedNotice} tabIndex={-1} color="orange" variant="light" mb="lg">
            {START_DATE_PASSED_MESSAGE}
          </Alert>
        )}
        <RequestWizard
          data={data}
          update={update}
          step={step}
          onStepChange={setStep}
          submitting={submitting}
          waiting={waiting}
          onSubmit={submitAnswers}
        />
      </Container>
      {submitting && <StayWhileSending isSending={isSending} />}
      {modalOpened.current && (
        <Suspense fallback={null}>
          <RegistrationModal opened={signInOpen} onClose={closeSignIn} />
        </Suspense>
      )}
      {signInOnlyOpened.current && (
        <Suspense fallback={null}>
          <RegistrationModal
            purpose="sign-in"
            returnFocusTo={signInButton}
            opened={signInOnlyOpen}
            onClose={() => setSignInOnlyOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
