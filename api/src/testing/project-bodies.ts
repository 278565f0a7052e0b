/**
 * Bodies of POST /api/projects as the wizard sends them: Lares, 4 days / 3 nights from 2 March
 * 2026 (after the test clock's 5 January), 2 travelers, flexible by 2 days, English and Spanish.
 * Tests override what they are about.
 */
export function createProjectBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Lares',
    description: '4 days / 3 nights trek for 2 travellers',
    destination: 'Lares',
    startDate: '2026-03-02',
    endDate: '2026-03-05',
    maxBudget: 'TBD',
    groupSize: 2,
    difficulty: 'medium',
    formData: wizardAnswers(),
    ...overrides,
  };
}

/** The `formData` of such a body. */
export function wizardAnswers(overrides: Record<string, unknown> = {}) {
  return {
    trek: 'Lares',
    duration: '4 days / 3 nights',
    dates: {
      flexible: true,
      flexibilityWindowDays: 2,
      start: '2026-03-02',
      end: '2026-03-05',
      baseDate: '2026-03-02',
    },
    travelers: 2,
    languages: ['english', 'spanish'],
    utm: { source: 'newsletter', medium: '', campaign: '' },
    ...overrides,
  };
}
