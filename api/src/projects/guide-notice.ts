import type { ProjectChange } from '@trek/shared/schemas';
import type { Queryable } from '../db/database.js';

interface ChangeRow {
  field: string;
  label: string;
  before_value: string | null;
  after_value: string | null;
}

/** A recorded value as guides read it: 'Not set', '3 travelers', 'Fixed dates', '±2 days'. */
function valueText(field: string, value: string | null): string {
  if (value === null || value === '') return 'Not set';
  switch (field) {
    case 'groupSize':
      return `${value} ${value === '1' ? 'traveler' : 'travelers'}`;
    case 'flexible':
      return value === 'true' ? 'Flexible' : 'Fixed dates';
    case 'flexibilityWindowDays':
      return `±${value} ${value === '1' ? 'day' : 'days'}`;
    default:
      return value;
  }
}

/**
 * The notice guides read about one change set, built from what the server recorded when the
 * edit was saved (`project_changes`), in the order it was recorded. Empty when the set is not
 * one of the project's.
 */
export async function recordedChanges(
  db: Queryable,
  projectId: string,
  changeSetId: string,
): Promise<ProjectChange[]> {
  const { rows } = await db.query<ChangeRow>(
    `select field, label, before_value, after_value from project_changes
     where project_id = $1 and change_set_id = $2 order by id`,
    [projectId, changeSetId],
  );
  return rows.map((row) => ({
    field: row.field,
    label: row.label,
    before: valueText(row.field, row.before_value),
    after: valueText(row.field, row.after_value),
  }));
}
