import { describe, expect, it, vi } from 'vitest';
import {
  clearPendingGuideNotices,
  forgetPendingGuideNotice,
  keepPendingGuideNotice,
  pendingGuideNoticeOf,
  pendingGuideNoticesOf,
} from './pending-guide-notices';
import { STORAGE_KEYS } from './storage';

const noticeOf = (changeSetId: string, after = '3 travelers') => ({
  changeSetId,
  changes: [{ field: 'travelers', label: 'Travelers', before: '2 travelers', after }],
});
const first = noticeOf('3b8f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
const second = noticeOf('9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', '4 travelers');

describe('pending guide notices', () => {
  it('keeps one notice per change set, oldest first, and forgets only the one sent', () => {
    keepPendingGuideNotice('p1', first);
    keepPendingGuideNotice('p1', second);
    keepPendingGuideNotice('p2', second);
    expect(pendingGuideNoticesOf('p1')).toEqual([first, second]);
    expect(pendingGuideNoticeOf('p1')).toEqual(first);

    // The same change set kept again replaces itself, in its place.
    const again = { ...first, changes: [...first.changes] };
    keepPendingGuideNotice('p1', again);
    expect(pendingGuideNoticesOf('p1')).toEqual([again, second]);

    forgetPendingGuideNotice('p1', first.changeSetId);
    expect(pendingGuideNoticesOf('p1')).toEqual([second]);
    expect(pendingGuideNoticesOf('p2')).toEqual([second]);
    forgetPendingGuideNotice('p1', second.changeSetId);
    expect(pendingGuideNoticesOf('p1')).toEqual([]);
    expect(pendingGuideNoticeOf('p1')).toBeNull();

    clearPendingGuideNotices('p2');
    expect(localStorage.getItem(STORAGE_KEYS.guideNoticesToSend)).toBe('{}');
  });

  it('still offers a notice kept the earlier way (one per project, old key), moved into the lists', () => {
    keepPendingGuideNotice('p2', second);
    localStorage.setItem(
      STORAGE_KEYS.pendingGuideNotices,
      JSON.stringify({ p1: first, p2: second }),
    );
    expect(pendingGuideNoticesOf('p1')).toEqual([first]);
    expect(pendingGuideNoticeOf('p1')).toEqual(first);
    // Moved once: the old key is gone, and a notice in both places is kept once.
    expect(localStorage.getItem(STORAGE_KEYS.pendingGuideNotices)).toBeNull();
    expect(pendingGuideNoticesOf('p2')).toEqual([second]);
    keepPendingGuideNotice('p1', second);
    expect(pendingGuideNoticesOf('p1')).toEqual([first, second]);
  });

  it('puts a notice a rolled-back site kept after the lists (it is the newer), and moves nothing storage refuses', () => {
    keepPendingGuideNotice('p1', first);
    localStorage.setItem(STORAGE_KEYS.pendingGuideNotices, JSON.stringify({ p1: second }));
    expect(pendingGuideNoticesOf('p1')).toEqual([first, second]);

    localStorage.setItem(STORAGE_KEYS.pendingGuideNotices, JSON.stringify({ p2: first }));
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Full', 'QuotaExceededError');
    });
    expect(pendingGuideNoticesOf('p2')).toEqual([first]);
    full.mockRestore();
    // Still where it was, offered again next time.
    expect(localStorage.getItem(STORAGE_KEYS.pendingGuideNotices)).not.toBeNull();
    expect(pendingGuideNoticesOf('p2')).toEqual([first]);
  });

  it('leaves the old key alone, so a site rolled back to 4.10 does not discard the lists', () => {
    keepPendingGuideNotice('p1', first);
    keepPendingGuideNotice('p1', second);
    expect(localStorage.getItem(STORAGE_KEYS.pendingGuideNotices)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.guideNoticesToSend) ?? '')).toEqual({
      p1: [first, second],
    });
  });

  it('reads nothing from invalid data', () => {
    localStorage.setItem(STORAGE_KEYS.guideNoticesToSend, JSON.stringify({ p1: [{ x: 1 }] }));
    expect(pendingGuideNoticesOf('p1')).toEqual([]);
  });
});
