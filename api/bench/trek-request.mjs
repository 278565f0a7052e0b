// @ts-check
/**
 * The body of a `POST /api/projects` the benches send: a 4-day Lares trek for two, starting
 * `days` from today, as the wizard would send it.
 * @param {number} days
 */
export function trekRequest(days) {
  const start = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  // The start plus the duration's 3 nights, as the wizard computes it (the API checks it).
  const end = new Date(Date.parse(start) + 3 * 86_400_000).toISOString().slice(0, 10);
  return {
    title: 'Lares',
    description: '4 days / 3 nights trek for 2 travelers',
    destination: 'Lares',
    startDate: start,
    endDate: end,
    maxBudget: 'TBD',
    groupSize: 2,
    difficulty: 'medium',
    formData: {
      trek: 'Lares',
      duration: '4 days / 3 nights',
      dates: { flexible: false, flexibilityWindowDays: null, start, end, baseDate: start },
      travelers: 2,
      languages: ['english'],
      utm: { source: '', medium: '', campaign: '' },
    },
  };
}
