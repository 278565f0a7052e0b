import { Box, Grid, Image, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { lazyWithRetry, nightsFromDuration, trekImageFor, type WizardFormData } from '@trek/shared';
import { lazy, memo, Suspense, useEffect, useId, useRef } from 'react';
import {
  AUTO_ADVANCE_MS,
  canGoTo,
  firstIncompleteStep,
  isStepComplete,
  LAST_STEP,
  nextStep,
  previousStep,
  type StepIndex,
  selectDuration,
  selectStartDate,
  selectTrek,
  setFlexibilityWindow,
  setFlexible,
  setTravelers,
  toggleLanguage,
  WIZARD_STEPS,
} from '../model/wizard-state';
import { DurationStep } from './duration-step';
import { PreferencesStep } from './preferences-step';
import classes from './request-wizard.module.css';
import { StepFocusRequest } from './step-heading';
import { StepIndicator } from './step-indicator';
import { TrekStep } from './trek-step';
import { WizardNavigation } from './wizard-navigation';
import { WizardProgress } from './wizard-progress';

/**
 * The dates step brings the calendar (@mantine/dates, dayjs): loaded on its own so the first
 * steps paint without it, and fetched ahead while the traveler picks a duration.
 */
const loadDatesStep = () => import('./dates-step');
const DatesStep = lazyWithRetry(() =>
  loadDatesStep().then((module) => ({ default: module.DatesStep })),
);

/**
 * The submitting overlay brings Mantine's dialogs slice (for its Overlay): needed only once the
 * traveler sends, so it is fetched when they reach the last step, not with the first one.
 */
const loadSubmittingOverlay = () => import('./submitting-overlay');
const SubmittingOverlay = lazy(() =>
  loadSubmittingOverlay().then(
    (module) => ({ default: module.SubmittingOverlay }),
    // Its code could not come: the request is being sent all the same, so say so, not fail.
    () => ({ default: SubmittingStatus }),
  ),
);

/** What a screen reader hears while the overlay's code is on its way, or if it cannot come. */
function SubmittingStatus() {
  return <VisuallyHidden role="status">Creating your trek request</VisuallyHidden>;
}

export interface RequestWizardProps {
  data: WizardFormData;
  update: (change: (current: WizardFormData) => WizardFormData) => void;
  /**
   * Controlled current step (the page keeps it in the browser's history); leave undefined to
   * keep it inside (resuming where the answers stop).
   */
  step?: StepIndex;
  onStepChange?: (step: StepIndex) => void;
  /** Shows only the step indicator (e.g. above a summary). */
  indicatorOnly?: boolean;
  /** Move on by themselves after a choice (default true). */
  autoAdvance?: boolean;
  submitting?: boolean;
  /**
   * Submit request pressed and waiting before anything is sent (the user read): shown busy and
   * the form locked as while submitting, without the 'Creating your trek request' overlay.
   */
  waiting?: boolean;
  onSubmit: () => void;
}

/**
 * Memoised: the page around it re-renders when the user becomes known (its sign-in modal), which
 * changes nothing here and would re-render every step's cards in the page's first long task.
 */
export const RequestWizard = memo(function RequestWizard({
  data,
  update,
  step: controlledStep,
  onStepChange,
  indicatorOnly = false,
  autoAdvance = true,
  submitting = false,
  waiting = false,
  onSubmit,
}: RequestWizardProps) {
  const busy = submitting || waiting;
  const [step, setStep] = useUncontrolled<StepIndex>({
    value: controlledStep,
    defaultValue: firstIncompleteStep(data),
    onChange: onStepChange,
  });

  // The timer reads the newest answers: the choice that scheduled it has been applied by then.
  const latest = useRef({ data, step });
  latest.current = { data, step };
  // A pending auto-advance belongs to the step it was scheduled on: leaving that step by any way
  // (Back, Next, the step indicator, the browser's history) drops it, as does leaving the page.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; from: StepIndex } | undefined>(
    undefined,
  );
  const cancelAdvance = () => {
    clearTimeout(pending.current?.timer);
    pending.current = undefined;
  };
  useEffect(
    () => () => {
      if (pending.current?.from !== step) return;
      clearTimeout(pending.current.timer);
      pending.current = undefined;
    },
    [step],
  );

  // When the step changes (not on first render), the new step's heading takes focus.
  const focusRequest = useRef(false);
  const shownStep = useRef(step);
  if (shownStep.current !== step) {
    shownStep.current = step;
    focusRequest.current = true;
  }
  // Fetched ahead: one that fails costs nothing here; the part is fetched again when it is shown.
  useEffect(() => {
    if (step >= 1) loadDatesStep().catch(() => undefined);
    if (step === LAST_STEP) loadSubmittingOverlay().catch(() => undefined);
  }, [step]);

  // A request that failed (a success leaves the page): the overlay that held focus is gone and
  // Submit request was disabled meanwhile, so focus would be left on the page's body; it goes
  // back to Submit request, beside the error toast.
  const nextButton = useRef<HTMLButtonElement>(null);
  const languageHintId = useId();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) nextButton.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const changeStep = (target: StepIndex) => {
    cancelAdvance();
    setStep(target);
  };
  const goTo = (target: StepIndex) => {
    if (busy || !canGoTo(target, latest.current.data)) return;
    changeStep(target);
  };
  // A later choice replaces a pending one, also a choice by arrow key, which never moves on.
  const scheduleAdvance = (advance = true) => {
    cancelAdvance();
    if (!autoAdvance || !advance) return;
    const from = step;
    const timer = setTimeout(() => {
      pending.current = undefined;
      const { data: current, step: now } = latest.current;
      // Only from the step it was scheduled on, should a step change have slipped past the above.
      if (now !== from) return;
      const to = nextStep(from, current);
      if (to !== from) setStep(to);
    }, AUTO_ADVANCE_MS);
    pending.current = { timer, from };
  };

  const indicator = (
    <StepIndicator
      steps={WIZARD_STEPS}
      current={step}
      onStepClick={(target) => goTo(target as StepIndex)}
      isStepReachable={(target) => !busy && canGoTo(target, data)}
    />
  );
  if (indicatorOnly) return indicator;

  const isLast = step === LAST_STEP;
  const languageRequired = isLast && data.languages.length === 0;
  return (
    <Grid gap={{ base: 0, md: 'xl' }} className={classes.layout}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {/* While submitting (or waiting), nothing behind can be reached (keyboard included). */}
        <Stack gap="lg" inert={busy} className={classes.column}>
          {indicator}
          <WizardProgress step={step} />
          <StepFocusRequest value={focusRequest}>
            <Paper
              component="section"
              aria-label={`Step ${step + 1}: ${WIZARD_STEPS[step]}`}
              withBorder={false}
              p={0}
              className={classes.step}
            >
              {step === 0 && (
                <TrekStep
                  value={data.trek}
                  onChoose={(trek, advance) => {
                    update((current) => selectTrek(current, trek));
                    scheduleAdvance(advance);
                  }}
                />
              )}
              {step === 1 && (
                <DurationStep
                  trek={data.trek}
                  value={data.duration}
                  onChoose={(duration, advance) => {
                    update((current) => selectDuration(current, duration));
                    scheduleAdvance(advance);
                  }}
                />
              )}
              {step === 2 && (
                <Suspense
                  fallback={
                    <Skeleton
                      height={220}
                      radius="md"
                      role="status"
                      aria-label="Loading the calendar"
                    />
                  }
                >
                  <DatesStep
                    dates={data.dates}
                    nights={nightsFromDuration(data.duration)}
                    // The step always asks 'Are your dates flexible?': choosing a date moves on to
                    // that question (the spec auto-advances only when flexibility is not asked).
                    onStartDate={(iso) => update((current) => selectStartDate(current, iso))}
                    onFlexible={(flexible) => update((current) => setFlexible(current, flexible))}
                    onWindow={(days) => update((current) => setFlexibilityWindow(current, days))}
                  />
                </Suspense>
              )}
              {step === 3 && (
                <PreferencesStep
                  travelers={data.travelers}
                  languages={data.languages}
                  onTravelers={(n) => update((current) => setTravelers(current, n))}
                  onToggleLanguage={(language) =>
                    update((current) => toggleLanguage(current, language))
                  }
                  languageHintId={languageHintId}
                />
              )}
            </Paper>
          </StepFocusRequest>
          <WizardNavigation
            isFirst={step === 0}
            isLast={isLast}
            canContinue={isStepComplete(step, data)}
            busy={busy}
            nextRef={nextButton}
            nextDescribedBy={languageRequired ? languageHintId : undefined}
            onBack={() => !busy && changeStep(previousStep(step))}
            onNext={() => {
              if (!isStepComplete(step, data)) return;
              if (isLast) onSubmit();
              else goTo(nextStep(step, data));
            }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
        <Box className={classes.imageColumn}>
          <Image src={trekImageFor(data.trek)} alt="" radius="lg" className={classes.image} />
        </Box>
      </Grid.Col>
      {waiting && !submitting && (
        // Nothing behind can be reached meanwhile, so a screen reader hears why.
        <VisuallyHidden role="status">Checking that you are signed in</VisuallyHidden>
      )}
      {submitting && (
        // The form behind is inert and Next shows it is busy until the overlay's code is here.
        <Suspense fallback={<SubmittingStatus />}>
          <SubmittingOverlay />
        </Suspense>
      )}
    </Grid>
  );
});
