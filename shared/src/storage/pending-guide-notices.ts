import { z } from 'zod/mini';
import { type NotifyGuidesBody, notifyGuidesBodySchema } from '../schemas/project-update';
import { browserStorage, readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Notices to guides that could not be sent after an edit was saved ('Partially saved'), kept per
 * project in this browser, oldest first and one per change set, so the project page can offer to
 * send them again (the API queues each change set once, so sending again is safe). A project
 * edited twice before its notices went out keeps both: guides hear of every save.
 *
 * Read as either shape: a list per project, or the one notice per project a browser kept before
 * the lists (what it saved then is still offered).
 */
const pendingNoticesSchema = z.record(
  z.string(),
  z.union([z.array(notifyGuidesBodySchema), notifyGuidesBodySchema]),
);

type PendingNotices = Record<string, NotifyGuidesBody[]>;

function readAll(): PendingNotices {
  const stored =
    readJson(browserStorage('local'), STORAGE_KEYS.pendingGuideNotices, pendingNoticesSchema) ?? {};
  return Object.fromEntries(
    Object.entries(stored).map(([projectId, kept]) => [
      projectId,
      Array.isArray(kept) ? kept : [kept],
    ]),
  );
}

function writeProject(projectId: string, notices: NotifyGuidesBody[]): void {
  const { [projectId]: _previous, ...others } = readAll();
  writeJson(
    browserStorage('local'),
    STORAGE_KEYS.pendingGuideNotices,
    notices.length > 0 ? { ...others, [projectId]: notices } : others,
  );
}

/** Every notice still to send for the project, oldest first. */
export function pendingGuideNoticesOf(projectId: string): NotifyGuidesBody[] {
  return readAll()[projectId] ?? [];
}

/** The oldest notice still to send for the project (pages that send one at a time). */
export function pendingGuideNoticeOf(projectId: string): NotifyGuidesBody | null {
  return pendingGuideNoticesOf(projectId)[0] ?? null;
}

/** Keeps a notice to send later: it replaces one of the same change set, else joins the end. */
export function keepPendingGuideNotice(projectId: string, notice: NotifyGuidesBody): void {
  const notices = pendingGuideNoticesOf(projectId);
  const same = (kept: NotifyGuidesBody) => kept.changeSetId === notice.changeSetId;
  writeProject(
    projectId,
    notices.some(same) ? notices.map((kept) => (same(kept) ? notice : kept)) : [...notices, notice],
  );
}

/** Forgets the notice of one change set (sent, or nobody left to tell); the others stay. */
export function forgetPendingGuideNotice(projectId: string, changeSetId: string): void {
  writeProject(
    projectId,
    pendingGuideNoticesOf(projectId).filter((kept) => kept.changeSetId !== changeSetId),
  );
}

/** Forgets every notice of the project (it is gone). */
export function clearPendingGuideNotices(projectId: string): void {
  writeProject(projectId, []);
}
