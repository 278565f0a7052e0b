import { z } from 'zod/mini';
import { isoDateSchema } from '../schemas/fields';
import { languageKeySchema } from '../schemas/project';
import type { EditableProject } from '../schemas/project-update';
import { browserStorage, readJson, removeKey, STORAGE_KEYS, writeJson } from './storage';

const editableProjectSchema = z.object({
  destination: z.nullable(z.string()),
  duration: z.nullable(z.string()),
  startDate: z.nullable(isoDateSchema),
  flexible: z.boolean(),
  flexibilityWindowDays: z.nullable(z.number()),
  groupSize: z.nullable(z.number()),
  languages: z.array(languageKeySchema),
});

const projectEditDraftSchema = z.object({
  /** The project's values the edits were made on: a draft is only for the project as it was. */
  from: editableProjectSchema,
  /** The edit page's form. */
  form: editableProjectSchema,
});

export type ProjectEditDraft = z.infer<typeof projectEditDraftSchema>;

const keyOf = (projectId: string) => `${STORAGE_KEYS.projectEditDraft}.${projectId}`;

/**
 * The unsaved edits of a project's edit page (docs/product/projects.md, "Edit"), kept in this
 * tab's session storage so a reload (signing in again after the session ended) does not lose
 * them. Session storage: the draft is this tab's, and goes with it.
 */
export function saveProjectEditDraft(projectId: string, draft: ProjectEditDraft): void {
  writeJson(browserStorage('session'), keyOf(projectId), draft);
}

/** The draft kept for the project, or null (none, or one this code cannot read: dropped). */
export function readProjectEditDraft(projectId: string): ProjectEditDraft | null {
  return readJson(browserStorage('session'), keyOf(projectId), projectEditDraftSchema);
}

export function clearProjectEditDraft(projectId: string): void {
  removeKey(browserStorage('session'), keyOf(projectId));
}

/** Whether two forms hold the same values (a draft's `from` and the project as it is now). */
export function sameEditableProject(a: EditableProject, b: EditableProject): boolean {
  return (
    a.destination === b.destination &&
    a.duration === b.duration &&
    a.startDate === b.startDate &&
    a.flexible === b.flexible &&
    a.flexibilityWindowDays === b.flexibilityWindowDays &&
    a.groupSize === b.groupSize &&
    a.languages.length === b.languages.length &&
    a.languages.every((language) => b.languages.includes(language))
  );
}
