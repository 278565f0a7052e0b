import type { Guide } from '@trek/shared';

/**
 * Search and filter appear once the list is longer than a screen holds (about six guides at
 * 1280 px, fewer on a phone); below that they would only be in the way.
 */
export const SEARCH_FROM = 7;

export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending activation' },
  { value: 'connected', label: 'WhatsApp connected' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

export interface GuideFilter {
  /** Part of a name or of a zone, in any case and with or without accents. */
  query: string;
  status: StatusFilter;
}

export const NO_FILTER: GuideFilter = { query: '', status: 'all' };

/** 'Cusco' finds 'cusco' and 'Ñuñoa' finds 'nunoa': case and accents do not matter. */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en')
    .trim();
}

function hasStatus(guide: Guide, status: StatusFilter): boolean {
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
