import {
  GUIDE_STATUS_FILTERS,
  type Guide,
  type GuideStatusFilter,
  guideListParamsSchema,
} from '@trek/shared';

/**
 * Search and filter appear once the list is longer than a screen holds (about six guides at
 * 1280 px, fewer on a phone); below that they would only be in the way.
 */
export const SEARCH_FROM = 7;

const STATUS_LABELS: Record<GuideStatusFilter, string> = {
  all: 'All',
  pending: 'Pending activation',
  connected: 'WhatsApp connected',
  inactive: 'Inactive',
};

export const STATUS_FILTERS = GUIDE_STATUS_FILTERS.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export interface GuideFilter {
  /** Part of a name or of a zone, in any case and with or without accents. */
  query: string;
  status: GuideStatusFilter;
}

export const NO_FILTER: GuideFilter = { query: '', status: 'all' };

/**
 * The filter the page's address holds (`?q=&status=`), so a reload, Back or Forward, or a shared
 * link shows the same guides; no filter for a missing or unknown part. Control characters of a
 * hand-made address (`%00`) are dropped: no name or zone holds one, and they would show as boxes;
 * a tab or line break (pasted from a spreadsheet) separates words, so it becomes a space.
 */
export function filterFromParams(params: URLSearchParams): GuideFilter {
  const { q, status } = guideListParamsSchema.parse({
    q: params.get('q'),
    status: params.get('status'),
  });
  return { query: q.replace(/[\t\n\v\f\r]/g, ' ').replace(/\p{Cc}/gu, ''), status };
}

/**
 * `params` with `filter` in place of the one they held: the parts with no filter are left out,
 * the others follow the rest in one order (`q`, then `status`), so one filter has one address.
 */
export function paramsWithFilter(params: URLSearchParams, { query, status }: GuideFilter) {
  const next = new URLSearchParams(params);
  next.delete('q');
  next.delete('status');
  if (query !== '') next.append('q', query);
  if (status !== 'all') next.append('status', status);
  return next;
}

/** 'Cusco' finds 'cusco' and 'Ñuñoa' finds 'nunoa': case and accents do not matter. */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en')
    .trim();
}

function hasStatus(guide: Guide, status: GuideStatusFilter): boolean {
  switch (status) {
    case 'pending':
      return guide.whatsappId === null;
    case 'connected':
      return guide.whatsappId !== null;
    case 'inactive':
      return !guide.isActive;
    default:
      return true;
  }
}

/** The guides whose name or one of whose zones contains the query, of the chosen status. */
export function filterGuides(guides: readonly Guide[], { query, status }: GuideFilter): Guide[] {
  const wanted = comparable(query);
  return guides.filter(
    (guide) =>
      hasStatus(guide, status) &&
      (wanted === '' ||
        comparable(guide.name).includes(wanted) ||
        guide.zones.some((zone) => comparable(zone).includes(wanted))),
  );
}

export function isFiltering({ query, status }: GuideFilter): boolean {
  return query.trim() !== '' || status !== 'all';
}
