import { z } from 'zod/mini';
import { type NotifyGuidesBody, notifyGuidesBodySchema } from '../schemas/project-update';
import { browserStorage, readJson, removeKey, STORAGE_KEYS, writeJson } from './storage';

/**
 * Notices to guides that could not be sent after an edit was saved ('Partially saved'), kept per
 * project in this browser, oldest first and one per change set, so the project page can offer to
 * send them again (the API queues each change set once, so sending again is safe). A project
 * edited twice before its notices went out keeps both: guides hear of every save.
 */
const pendingNoticesSchema = z.record(z.string(), z.array(notifyGuidesBodySchema));
/** What a site up to @trek/shared 4.10 kept: the one notice per project, under the old key. */
const earlierNoticesSchema = z.record(z.string(), notifyGuidesBodySchema);

type PendingNotices = Record<string, NotifyGuidesBody[]>;

/**
 * The lists, with the notices kept the earlier way moved into them. They live under a key of
 * their own: a host rolled back to a 4.10 site reads the old key only, so it finds nothing to
 * offer rather than a shape it would discard, and the lists are there again after the roll
 * forward (with whatever that site kept under the old key meanwhile).
 */
function readAll(): PendingNotices {
  const local = browserStorage('local');
  const lists = readJson(local, STORAGE_KEYS.guideNoticesToSend, pendingNoticesSchema) ?? {};
  const earlier = readJson(local, STORAGE_KEYS.pendingGuideNotices, earlierNoticesSchema);
  if (!earlier) return lists;
  for (const [projectId, notice] of Object.entries(earlier)) {
    const kept = lists[projectId] ?? [];
    // After the lists: it is the newer one when a rolled-back site kept it.
    if (!kept.some((one) => one.changeSetId === notice.changeSetId))
      lists[projectId] = [...kept, notice];
  }
  // Moved only once written: a full storage keeps them where they are.
  if (writeJson(local, STORAGE_KEYS.guideNoticesToSend, lists)) {
    removeKey(local, STORAGE_KEYS.pendingGuideNotices);
  }
  return lists;
}

function writeProject(projectId: string, notices: NotifyGuidesBody[]): void {
  const { [projectId]: _previous, ...others } = readAll();
  writeJson(
    browserStorage('local'),
    STORAGE_KEYS.guideNoticesToSend,
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
