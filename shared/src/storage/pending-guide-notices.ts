import { z } from 'zod/mini';
import { type NotifyGuidesBody, notifyGuidesBodySchema } from '../schemas/project-update';
import { browserStorage, readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Notices to guides that could not be sent after an edit was saved ('Partially saved'), kept per
 * project in this browser so the project page can offer to send them again (the API queues each
 * change set once, so sending again is safe).
 */
const pendingNoticesSchema = z.record(z.string(), notifyGuidesBodySchema);

function readAll(): Record<string, NotifyGuidesBody> {
  return (
    readJson(browserStorage('local'), STORAGE_KEYS.pendingGuideNotices, pendingNoticesSchema) ?? {}
  );
}

export function pendingGuideNoticeOf(projectId: string): NotifyGuidesBody | null {
  return readAll()[projectId] ?? null;
}

export function keepPendingGuideNotice(projectId: string, notice: NotifyGuidesBody): void {
  writeJson(browserStorage('local'), STORAGE_KEYS.pendingGuideNotices, {
    ...readAll(),
    [projectId]: notice,
  });
}

export function clearPendingGuideNotice(projectId: string): void {
  const { [projectId]: _sent, ...others } = readAll();
  writeJson(browserStorage('local'), STORAGE_KEYS.pendingGuideNotices, others);
}
