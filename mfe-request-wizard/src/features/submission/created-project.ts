import {
  browserStorage,
  type CreatedProjectSummary,
  createdProjectSummarySchema,
  type Project,
  readJson,
  STORAGE_KEYS,
  type WizardFormData,
  writeJson,
} from '@trek/shared';

export function summaryOf(
  project: Pick<Project, 'id'> | null,
  data: WizardFormData,
): CreatedProjectSummary {
  return {
    id: project?.id ?? null,
    trek: data.trek,
    dates: {
      start: data.dates.start,
      end: data.dates.end,
      flexible: data.dates.flexible,
      flexibilityWindowDays: data.dates.flexibilityWindowDays,
    },
    duration: data.duration,
    travelers: data.travelers,
  };
}

/** Stores the summary, and the original answers keyed by project for the project page. */
export function saveCreatedProject(summary: CreatedProjectSummary): void {
  const local = browserStorage('local');
  writeJson(local, STORAGE_KEYS.createdProjectSummary, summary);
  const { id, ...original } = summary;
  if (id) writeJson(local, STORAGE_KEYS.originalFormData, { projectId: id, ...original });
}

export function readCreatedProject(): CreatedProjectSummary | null {
  return readJson(
    browserStorage('local'),
    STORAGE_KEYS.createdProjectSummary,
    createdProjectSummarySchema,
  );
}
