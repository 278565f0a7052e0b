import {
  type Guide,
  type GuideList,
  guideListSchema,
  guideSchema,
  guideStatsOf,
  type Project,
  projectSchema,
  type User,
  userSchema,
  type WizardFormData,
  wizardFormDataSchema,
} from '../src/schemas';

/**
 * Test data builders: a valid value by default, what a test cares about as overrides. Each is
 * parsed with the shared schema, so a builder cannot drift from what the API answers.
 */

/** A signed-in traveler, as GET /api/auth/user answers. */
export function buildUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 'u1',
    email: 'ana.quispe@example.com',
    firstName: 'Ana',
    lastName: 'Quispe',
    displayName: 'Ana Quispe',
    profileImageUrl: null,
    providers: [],
    isAdmin: false,
    hasTemporaryEmail: false,
    ...overrides,
  });
}

/** A project as the API returns it: a pending Lares request. */
export function buildProject(overrides: Partial<Project> = {}): Project {
  return projectSchema.parse({
    id: '6f1c2a8e-4b7d-4e0a-9c3f-2d5e8a1b7c90',
    title: 'Lares',
    description: '4 days / 3 nights trek for 1 traveler',
    destination: 'Lares',
    status: 'pending',
    createdAt: '2026-01-05T10:00:00.000Z',
    startDate: '2030-01-07',
    endDate: '2030-01-10',
    duration: '4 days / 3 nights',
    groupSize: 1,
    language: 'English',
    flexible: false,
    flexibilityWindowDays: null,
    ...overrides,
  });
}

/** Wizard answers with every step complete (dates far in the future). */
export function buildWizardAnswers(overrides: Partial<WizardFormData> = {}): WizardFormData {
  return wizardFormDataSchema.parse({
    trek: 'Lares',
    duration: '4 days / 3 nights',
    dates: {
      flexible: false,
      flexibilityWindowDays: null,
      start: '2030-01-07',
      end: '2030-01-10',
      baseDate: '2030-01-07',
    },
    travelers: 1,
    languages: ['english'],
    utm: { source: '', medium: '', campaign: '' },
    ...overrides,
  });
}

let guideNumber = 0;

/** A guide as the admin reads it: active, not joined yet, a join code of its own. */
export function buildGuide(overrides: Partial<Guide> = {}): Guide {
  guideNumber += 1;
  const n = String(guideNumber).padStart(4, '0');
  return guideSchema.parse({
    id: `0b6a1f3e-8c2d-4e5f-9a7b-1c3d5e7f${n}`,
    name: 'Rosa Huaman',
    locale: 'es',
    zones: ['Cusco', 'Sacred Valley'],
    isActive: true,
    joinCode: `K7M2QX${n.replace(/0/g, 'Z').replace(/1/g, 'Y')}`,
    whatsappId: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  });
}

/** GET /api/admin/guides: these guides, their figures, and a valid business number. */
export function buildGuideList(
  guides: Guide[] = [],
  overrides: Partial<Omit<GuideList, 'guides' | 'stats'>> = {},
): GuideList {
  return guideListSchema.parse({
    guides,
    stats: guideStatsOf(guides),
    whatsappNumber: '51987654321',
    ...overrides,
  });
}
