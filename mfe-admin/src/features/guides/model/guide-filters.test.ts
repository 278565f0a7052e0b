import { buildGuide } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import {
  filterFromParams,
  filterGuides,
  isFiltering,
  NO_FILTER,
  paramsWithFilter,
} from './guide-filters';

const rosa = buildGuide({ name: 'Rosa Huamán', zones: ['Cusco', 'Sacred Valley'] });
const luis = buildGuide({
  name: 'Luis Condori',
  zones: ['Huaraz', 'Cordillera Blanca'],
  whatsappId: '51911222333',
});
const eva = buildGuide({ name: 'Eva Quispe', zones: ['Arequipa'], isActive: false });
const guides = [rosa, luis, eva];
const names = (list: { name: string }[]) => list.map((guide) => guide.name);

describe('filterGuides', () => {
  it('keeps everything without a filter', () => {
    expect(filterGuides(guides, NO_FILTER)).toEqual(guides);
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ query: '  ', status: 'all' })).toBe(false);
  });

  it('finds part of a name or of a zone, whatever the case and accents', () => {
    expect(names(filterGuides(guides, { query: 'huaman', status: 'all' }))).toEqual([
      'Rosa Huamán',
    ]);
    expect(names(filterGuides(guides, { query: ' CORDILLERA ', status: 'all' }))).toEqual([
      'Luis Condori',
    ]);
    expect(names(filterGuides(guides, { query: 'arequipa', status: 'all' }))).toEqual([
      'Eva Quispe',
    ]);
    expect(filterGuides(guides, { query: 'lima', status: 'all' })).toEqual([]);
  });

  it('filters by status, with the search', () => {
    expect(names(filterGuides(guides, { query: '', status: 'pending' }))).toEqual([
      'Rosa Huamán',
      'Eva Quispe',
    ]);
    expect(names(filterGuides(guides, { query: '', status: 'connected' }))).toEqual([
      'Luis Condori',
    ]);
    expect(names(filterGuides(guides, { query: '', status: 'inactive' }))).toEqual(['Eva Quispe']);
    expect(filterGuides(guides, { query: 'rosa', status: 'connected' })).toEqual([]);
    expect(isFiltering({ query: '', status: 'pending' })).toBe(true);
  });
});

describe('the filter in the address', () => {
  const read = (query: string) => filterFromParams(new URLSearchParams(query));

  it('reads ?q= and ?status=, and nothing as no filter', () => {
    expect(read('q=Cusco&status=inactive')).toEqual({ query: 'Cusco', status: 'inactive' });
    expect(read('')).toEqual(NO_FILTER);
  });

  it('reads a status it does not know, or one given twice, as all', () => {
    expect(read('q=eva&status=deleted')).toEqual({ query: 'eva', status: 'all' });
    expect(read('status=Inactive').status).toBe('all');
    expect(read('status=pending&status=bogus').status).toBe('pending');
  });

  it('drops control characters from the search; a tab or line break is a space', () => {
    expect(read('q=hua%00ra%07z').query).toBe('huaraz');
    expect(read('q=Cusco%09Sur%0D%0A').query).toBe('Cusco Sur  ');
  });

  it('writes only what filters, and keeps the rest of the query', () => {
    const params = new URLSearchParams('tab=1&q=old&status=pending');
    expect(paramsWithFilter(params, { query: 'Ñuñoa', status: 'all' }).toString()).toBe(
      'tab=1&q=%C3%91u%C3%B1oa',
    );
    expect(paramsWithFilter(params, NO_FILTER).toString()).toBe('tab=1');
    expect(params.toString()).toBe('tab=1&q=old&status=pending');
    // One filter, one address: whichever part was chosen first.
    expect(
      paramsWithFilter(new URLSearchParams('status=pending&tab=1&q=old'), {
        query: 'cusco',
        status: 'pending',
      }).toString(),
    ).toBe('tab=1&q=cusco&status=pending');
    const filter = { query: 'a b&c', status: 'connected' } as const;
    expect(filterFromParams(paramsWithFilter(params, filter))).toEqual(filter);
  });
});
