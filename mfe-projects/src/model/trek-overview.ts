import {
  browserStorage,
  type OriginalFormData,
  originalFormDataSchema,
  type Project,
  readJson,
  STORAGE_KEYS,
  trekImageFor,
} from '@trek/shared';
import { trekOf } from './project-display';

/** What the project page's Trek Overview shows. */
export interface TrekOverview {
  trek: string;
  startDate: string | null;
  endDate: string | null;
  flexible: boolean;
  flexibilityWindowDays: number | null;
  duration: string | null;
  travelers: number | null;
  /** As the project reads: 'English, Spanish'. */
  languages: string | null;
  image: string;
}

/** The wizard's answers saved in this browser when the project was created, if any. */
export function readOriginalFormData(): OriginalFormData | null {
  return readJson(browserStorage('local'), STORAGE_KEYS.originalFormData, originalFormDataSchema);
}

type Answer = string | number | boolean | null;
const normalised = (value: Answer) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
/** A field the server does not have cannot disagree. */
const agrees = (server: Answer, local: Answer) =>
  server === null || normalised(server) === normalised(local);

/**
 * Whether the saved answers still describe the project: the same id, and every answer the server
 * also has equal to it. An edit (here or on another device) makes them stale, and the server wins:
 * so every answer the overview shows is compared, the flexibility window included.
 */
export function describesProject(saved: OriginalFormData, project: Project): boolean {
  return (
    saved.projectId === project.id &&
    agrees(project.destination, saved.trek) &&
    agrees(project.duration, saved.duration) &&
    agrees(project.startDate, saved.dates.start) &&
    agrees(project.endDate, saved.dates.end) &&
    agrees(project.groupSize, saved.travelers) &&
    agrees(project.flexible, saved.dates.flexible) &&
    agrees(project.flexibilityWindowDays, saved.dates.flexibilityWindowDays)
  );
}

/**
 * The Trek Overview (docs/product/projects.md, "Project page"): the answers saved in this browser
 * when they still describe the project (they fill what an older project lacks), else the server's
 * fields.
 */
export function trekOverviewOf(project: Project, saved: OriginalFormData | null): TrekOverview {
  const local = saved && describesProject(saved, project) ? saved : null;
  const trek = local?.trek || trekOf(project);
  return {
    trek,
    startDate: local?.dates.start || project.startDate,
    endDate: local?.dates.end || project.endDate,
    flexible: local?.dates.flexible ?? project.flexible === true,
    flexibilityWindowDays: local
      ? local.dates.flexibilityWindowDays
      : project.flexibilityWindowDays,
    duration: local?.duration || project.duration,
    travelers: local?.travelers ?? project.groupSize,
    languages: project.language,
    // The destination decides; the title only when there is none (an old title may name another trek).
    image: trekImageFor(project.destination || project.title),
  };
}
