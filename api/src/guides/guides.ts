import {
  type Guide,
  type GuideChanges,
  guideLocaleSchema,
  type NewGuide,
} from '@trek/shared/schemas';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { newJoinCode } from './join-codes.js';

interface GuideRow {
  id: string;
  name: string;
  locale: string;
  zones: unknown;
  is_active: boolean;
  join_code: string;
  whatsapp_id: string | null;
  created_at: Date | string;
}

const COLUMNS = 'id, name, locale, zones, is_active, join_code, whatsapp_id, created_at';

const zonesColumn = z.array(z.string());

/** A row as the admin reads it; the route's schema checks it again on the way out. */
function toGuide(row: GuideRow): Guide {
  return {
    id: row.id,
    name: row.name,
    locale: guideLocaleSchema.parse(row.locale),
    zones: zonesColumn.parse(typeof row.zones === 'string' ? JSON.parse(row.zones) : row.zones),
    isActive: row.is_active,
    joinCode: row.join_code,
    whatsappId: row.whatsapp_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every guide, newest first. */
export async function listGuides(db: Queryable): Promise<Guide[]> {
  const { rows } = await db.query<GuideRow>(
    `select ${COLUMNS} from guides order by created_at desc, id desc`,
  );
  return rows.map(toGuide);
}

/** Tries before giving up on finding a free code (each clash has a chance of about 2^-49). */
const JOIN_CODE_ATTEMPTS = 5;

/** Creates a guide with a fresh join code no other guide has, or ever had. */
export async function createGuide(
  db: Queryable,
  guide: NewGuide,
  now: Date,
  joinCode: () => string = newJoinCode,
): Promise<Guide> {
  for (let attempt = 0; attempt < JOIN_CODE_ATTEMPTS; attempt += 1) {
    const { rows } = await db.query<GuideRow>(
      `insert into guides (name, locale, zones, is_active, join_code, created_at, updated_at)
       values ($1, $2, $3::jsonb, $4, $5, $6, $6)
       on conflict (join_code) do nothing
       returning ${COLUMNS}`,
      [guide.name, guide.locale, JSON.stringify(guide.zones), guide.isActive, joinCode(), now],
    );
    if (rows[0]) return toGuide(rows[0]);
  }
  throw new Error(`No free join code after ${JOIN_CODE_ATTEMPTS} attempts`);
}

/** Changes the given fields of a guide; null when there is no such guide. */
export async function updateGuide(
  db: Queryable,
  id: string,
  changes: GuideChanges,
  now: Date,
): Promise<Guide | null> {
  const { rows } = await db.query<GuideRow>(
    `update guides set
       name = coalesce($2, name),
       locale = coalesce($3, locale),
       zones = coalesce($4::jsonb, zones),
       is_active = coalesce($5, is_active),
       updated_at = $6
     where id = $1
     returning ${COLUMNS}`,
    [
      id,
      changes.name ?? null,
      changes.locale ?? null,
      changes.zones ? JSON.stringify(changes.zones) : null,
      changes.isActive ?? null,
      now,
    ],
  );
  return rows[0] ? toGuide(rows[0]) : null;
}
