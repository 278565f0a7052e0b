import {
  Button,
  CloseButton,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type Guide, type GuideStatusFilter, useKeepFocus } from '@trek/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filterFromParams,
  filterGuides,
  type GuideFilter,
  isFiltering,
  NO_FILTER,
  paramsWithFilter,
  SEARCH_FROM,
  STATUS_FILTERS,
} from '../model/guide-filters';
import { activeSwitchId, GuideCard } from './guide-card';
import classes from './guide-list.module.css';

/** The guides, newest first, with search and a status filter once the list is a long one. */
export function GuideList({
  guides,
  whatsappNumber,
}: {
  guides: Guide[];
  whatsappNumber: string | null;
}) {
  // The filter lives in the address: a reload, Back or Forward keeps it. Each change replaces the
  // entry (typing makes no history), and at once (flushSync): a router update in a transition
  // would land after the keystroke, and the search box's caret would jump to the end. The page
  // keeps its scroll: each replacement is a new history entry to the host's scroll restoration,
  // which would otherwise scroll to the top, away from the search box being typed in.
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const setFilter = (next: GuideFilter) =>
    setParams((current) => paramsWithFilter(current, next), {
      replace: true,
      flushSync: true,
      preventScrollReset: true,
    });
  // An address the page would not write itself (`?status=deleted`, a repeated or empty part) is
  // put in the form the page writes, so what it shows and what a copied link says agree.
  const written = paramsWithFilter(params, filter).toString();
  const held = params.toString();
  useEffect(() => {
    if (written !== held) setParams(written, { replace: true, preventScrollReset: true });
  }, [written, held, setParams]);
  const filtering = isFiltering(filter);
  const showFilters = guides.length >= SEARCH_FROM || filtering;
  const shown = filterGuides(guides, filter);
  const search = useRef<HTMLInputElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  const keepFocus = useKeepFocus();
  const showAll = () => {
    setFilter(NO_FILTER);
    // The button goes with the empty result: the keyboard goes back to the search, or (a list
    // grown short meanwhile has none) to the line that counts the guides now shown.
    keepFocus(() => [search.current, count.current]);
  };
  // A guide switched on under 'Inactive' leaves the list, and the focus on its switch would fall
  // to the page: it goes to the next card's switch, else the previous one's, else the count
  // line, else the search.
  const keepFocusInList = (saved: Guide) => {
    if (filterGuides([saved], filter).length > 0) return;
    const ids = shown.map((guide) => guide.id);
    const at = ids.indexOf(saved.id);
    const neighbours = [...ids.slice(at + 1), ...ids.slice(0, Math.max(at, 0)).reverse()];
    keepFocus(() => [
      ...neighbours.map((id) => document.getElementById(activeSwitchId(id))),
      count.current,
      search.current,
    ]);
  };

  if (guides.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Title order={3} fz="lg">
          No guides yet
        </Title>
        <Text c="dimmed" mt="xs">
          Add the first guide with the form: they get a join code and an activation link to send
          them.
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      {showFilters && (
        <Stack gap="xs" role="search" aria-label="Filter guides">
          <TextInput
            ref={search}
            type="search"
            label="Search guides"
            placeholder="Name or zone"
            value={filter.query}
            onChange={(event) => setFilter({ ...filter, query: event.currentTarget.value })}
            rightSection={
              filter.query ? (
                <CloseButton
                  aria-label="Clear search"
                  onClick={() => {
                    setFilter({ ...filter, query: '' });
                    // The button goes with the text: the keyboard goes back to the search box.
                    search.current?.focus();
                  }}
                />
              ) : null
            }
          />
          <SegmentedControl<GuideStatusFilter>
            aria-label="Status"
            fullWidth
            size="xs"
            classNames={{ control: classes.statusControl, label: classes.statusLabel }}
            data={[...STATUS_FILTERS]}
            value={filter.status}
            onChange={(status) => setFilter({ ...filter, status })}
          />
        </Stack>
      )}
      <Text fz="sm" c="dimmed" aria-live="polite" ref={count}>
        {filtering
          ? `Showing ${shown.length} of ${guides.length} guides`
          : `${guides.length} ${guides.length === 1 ? 'guide' : 'guides'}, newest first`}
      </Text>
      {shown.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Text>No guide matches this search.</Text>
          {/* No colour: a subtle button caps a given shade at 6 (2.6:1 on white); the theme's
              own is teal.9. */}
          <Button variant="subtle" mt="xs" onClick={showAll}>
            Show all guides
          </Button>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((guide) => (
            <GuideCard
              key={guide.id}
              guide={guide}
              whatsappNumber={whatsappNumber}
              onSwitchedWithFocus={keepFocusInList}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
