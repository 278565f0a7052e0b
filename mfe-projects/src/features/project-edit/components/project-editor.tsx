import { Container, Divider, Paper, Skeleton, Stack } from '@mantine/core';
import {
  clearProjectEditDraft,
  hrefTo,
  lazyWithRetry,
  nightsFromDuration,
  PATHS,
  PartDownloadBoundary,
  type Project,
  readProjectEditDraft,
  sameEditableProject,
  saveProjectEditDraft,
  toIsoDate,
  useKeepFocus,
} from '@trek/shared';
import {
  type CSSProperties,
  type RefObject,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import {
  dateRangeText,
  flexibilityText,
  languagesText,
  travelersText,
} from '../../../model/project-display';
import { useBorderBoxHeight } from '../hooks/use-border-box-height';
import { useSaveProject } from '../hooks/use-save-project';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import {
  changesBetween,
  chooseDuration,
  chooseStartDate,
  chooseTrek,
  type EditField,
  type EditForm,
  editedFields,
  endDateOfForm,
  formOf,
  needsDuration,
  problemWith,
  restoreField,
  reviewHint,
  setFlexibilityWindow,
  setFlexible,
  setLanguages,
  setTravelers,
  updateBodyOf,
} from '../model/edit-form';
import { DurationEditor, SelectionRequired } from './duration-editor';
import { EditBar } from './edit-bar';
import { InlineField } from './inline-field';
import { LanguagesEditor } from './languages-editor';
import { LeaveDialog } from './leave-dialog';
import { loadDatesEditor } from './load-dates-editor';
import classes from './project-editor.module.css';
import { ReviewDialog } from './review-dialog';
import { TravelersEditor } from './travelers-editor';
import { TrekEditor } from './trek-editor';

/**
 * The calendar (@mantine/dates, dayjs) is not part of the page's first load: it is fetched once
 * the page is idle, or when the dates are edited if that comes first.
 */
const DatesEditor = lazyWithRetry(loadDatesEditor);

/** Fetches the dates editor's code when the browser is idle (a failure waits for the pencil). */
function usePrefetchDatesEditor() {
  useEffect(() => {
    const prefetch = () => void loadDatesEditor().catch(() => {});
    if ('requestIdleCallback' in window) {
      const idle = window.requestIdleCallback(prefetch, { timeout: 2000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(prefetch, 200);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * The edit page's form (docs/product/projects.md, "Edit"): inline editing per field, the fixed
 * bar, the review dialog and the guard against leaving with unsaved edits.
 */
export function ProjectEditor({
  project,
  headingRef,
}: {
  project: Project;
  /** The page's h1, for the page around it too (focus after a Try again that loaded it). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const navigate = useNavigate();
  const projectPath = hrefTo(PATHS.project, { id: project.id });
  const editPath = hrefTo(PATHS.projectEdit, { id: project.id });
  const original = useMemo(() => formOf(project), [project]);
  // Edits kept from before a reload of this tab (signing in again after the session ended), only
  // when the project is still as they were made on: else they would undo what changed since.
  const [form, setForm] = useState<EditForm>(() => {
    const draft = readProjectEditDraft(project.id);
    return draft && sameEditableProject(draft.from, original) ? draft.form : original;
  });
  const [open, setOpen] = useState<ReadonlySet<EditField>>(new Set());
  const [reviewing, setReviewing] = useState(false);
  const [passedStart, setPassedStart] = useState<string | null>(null);
  const datesEditor = useRef<HTMLDivElement>(null);
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const heading = headingRef ?? ownHeading;
  // The fields keep a focused control clear of the bar, whose height changes with its hint.
  const [barRef, barHeight] = useBorderBoxHeight<HTMLDivElement>();
  const keepFocus = useKeepFocus();
  usePrefetchDatesEditor();

  const edited = editedFields(original, form);
  const durationMissing = needsDuration(original, form);
  const changes = changesBetween(project, form);
  const body = updateBodyOf(project, form);
  const today = toIsoDate(new Date());
  const problem = changes.length > 0 ? problemWith(project, body, today) : null;
  const dirty = changes.length > 0 || durationMissing;

  // The draft is gone by now: useSaveProject clears it as soon as the save answers.
  const saving = useSaveProject(project, () => {
    guard.allowLeaving();
    navigate(projectPath);
  });

  // Not while the edits are saved, nor once they are: the saved project may differ from the form
  // (another tab's change), which would keep it 'dirty' and bring it back, 'Edited', next visit.
  const { isSaving, hasSaved } = saving;
  useEffect(() => {
    if (isSaving() || hasSaved()) return;
    if (dirty) saveProjectEditDraft(project.id, { from: original, form });
    else clearProjectEditDraft(project.id);
  }, [dirty, form, original, project.id, isSaving, hasSaved]);
  const guard = useUnsavedChangesGuard(dirty, saving.isSaving, saving.saving);

  // The duration editor a new trek opened by itself (not the traveler): cancelling the trek closes
  // it again when it holds no change of its own.
  const durationOpenedByTrek = useRef(false);
  const setEditing = (field: EditField, editing: boolean) => {
    if (field === 'duration' && !editing) durationOpenedByTrek.current = false;
    setOpen((fields) => {
      const next = new Set(fields);
      if (editing) next.add(field);
      else next.delete(field);
      return next;
    });
  };
  const fieldProps = (field: EditField) => ({
    edited: edited.has(field),
    editing: open.has(field),
    onEdit: () => setEditing(field, true),
    onSave: () => setEditing(field, false),
    onCancel: () => {
      setForm((current) => restoreField(current, original, field));
      setEditing(field, false);
      if (field === 'trek' && durationOpenedByTrek.current) {
        const { duration } = restoreField(form, original, 'trek');
        if (duration === original.duration) setEditing('duration', false);
      }
    },
  });

  // 'Discard changes' is disabled once there is nothing to discard, and the editors it had open
  // close: focus goes to the page's heading rather than to nowhere.
  const discard = () => {
    setForm(original);
    clearProjectEditDraft(project.id);
    setOpen(new Set());
    durationOpenedByTrek.current = false;
    keepFocus(() => heading.current);
  };

  // The review may have opened before midnight and its start date passed since: the API lets
  // yesterday through (it cannot know the traveler's time zone), so it is checked again here.
  // Nothing is sent; the dates open, their start focused, and the bar's hint says why.
  const confirm = () => {
    if (body.startDate !== undefined && body.startDate < toIsoDate(new Date())) {
      setPassedStart(body.startDate);
      setReviewing(false);
      setEditing('dates', true);
      keepFocus(() => datesEditor.current?.querySelector<HTMLElement>('button'));
      return;
    }
    void saving.save(body, changes);
  };

  return (
    <div
      className={classes.page}
      style={{ '--edit-bar-height': `${barHeight}px` } as CSSProperties}
    >
      <Container size="md" py="xl" className={classes.fields}>
        <Stack gap="lg">
          <BackLink to={projectPath}>Back to project</BackLink>
          <PageHeader
            title="Edit Project Overview"
            headingRef={heading}
            description="Change any detail of your trek request. Guides are told once you confirm."
          />
          <Paper withBorder radius="md" px="lg">
            <Stack gap={0}>
              <InlineField
                label="Trek"
                value={form.destination ?? 'Not set'}
                {...fieldProps('trek')}
              >
                <TrekEditor
                  value={form.destination}
                  current={original.destination}
                  onChoose={(trek) => {
                    const next = chooseTrek(form, trek, original);
                    setForm(next);
                    // A new trek's duration must be chosen: its options open at once.
                    if (next.duration === null && !open.has('duration')) {
                      durationOpenedByTrek.current = true;
                      setEditing('duration', true);
                    }
                  }}
                />
              </InlineField>
              <Divider />
              <InlineField
                label="Duration"
                value={form.duration ?? 'Not set'}
                notice={<SelectionRequired trek={form.destination} shown={durationMissing} />}
                saveDisabled={durationMissing}
                {...fieldProps('duration')}
              >
                <DurationEditor
                  trek={form.destination}
                  value={form.duration}
                  onChoose={(duration) => setForm((current) => chooseDuration(current, duration))}
                />
              </InlineField>
              <Divider />
              <InlineField
                label="Dates"
                value={`${dateRangeText(form.startDate, endDateOfForm(form))} · ${flexibilityText(
                  form.flexible,
                  form.flexibilityWindowDays,
                )}`}
                {...fieldProps('dates')}
              >
                {/* Where the focus goes when 'Confirm changes' finds the start date passed. */}
                <div ref={datesEditor}>
                  {/* A failed download says so here, with a Retry: the other edits stay. */}
                  <PartDownloadBoundary
                    title="The calendar could not be loaded"
                    message="It is temporarily unavailable. The rest of the page still works, and your other changes are kept; please try again in a moment."
                    owner="projects"
                    part="The dates editor of projects/ProjectEditPage"
                    focusOnAnswer={() => datesEditor.current?.querySelector<HTMLElement>('button')}
                  >
                    <Suspense fallback={<Skeleton height={190} radius="md" />}>
                      <DatesEditor
                        startDate={form.startDate}
                        endDate={endDateOfForm(form)}
                        nights={nightsFromDuration(form.duration)}
                        flexible={form.flexible}
                        flexibilityWindowDays={form.flexibilityWindowDays}
                        onStartDate={(iso) => setForm((current) => chooseStartDate(current, iso))}
                        onFlexible={(flexible) =>
                          setForm((current) => setFlexible(current, flexible, original))
                        }
                        onWindow={(days) =>
                          setForm((current) => setFlexibilityWindow(current, days))
                        }
                      />
                    </Suspense>
                  </PartDownloadBoundary>
                </div>
              </InlineField>
              <Divider />
              <InlineField
                label="Travelers"
                value={travelersText(form.groupSize)}
                {...fieldProps('travelers')}
              >
                <TravelersEditor
                  value={form.groupSize}
                  onChange={(travelers) => setForm((current) => setTravelers(current, travelers))}
                />
              </InlineField>
              <Divider />
              <InlineField
                label="Guide language preference"
                value={languagesText(form.languages)}
                saveDisabled={form.languages.length === 0}
                {...fieldProps('languages')}
              >
                <LanguagesEditor
                  value={form.languages}
                  onChange={(languages) => setForm((current) => setLanguages(current, languages))}
                />
              </InlineField>
            </Stack>
          </Paper>
        </Stack>
      </Container>
      <EditBar
        ref={barRef}
        canDiscard={dirty}
        canReview={changes.length > 0 && problem === null}
        needsDuration={durationMissing}
        hint={reviewHint(form, durationMissing, problem, today, passedStart)}
        onDiscard={discard}
        onReview={() => {
          saving.clearFailure();
          setReviewing(true);
        }}
      />
      <ReviewDialog
        opened={reviewing}
        changes={saving.sending ?? changes}
        saving={saving.saving}
        navigationHeld={guard.held}
        slow={saving.slow}
        // The draft stays: if this save fails it is the edits' only copy, and a success clears it.
        onLeaveNow={guard.leaveNow}
        failure={saving.failure}
        signInHref={`${PATHS.signIn}?${new URLSearchParams({ returnTo: editPath })}`}
        onSignInAgain={guard.allowLeaving}
        onClose={() => setReviewing(false)}
        onConfirm={confirm}
      />
      <LeaveDialog
        blocker={guard.blocker}
        opened={guard.asking}
        onLeave={() => clearProjectEditDraft(project.id)}
      />
    </div>
  );
}
