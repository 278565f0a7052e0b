import type { User, WizardFormData } from '../src/index';

/** A signed-in traveller, as GET /api/auth/user answers. */
export const testTraveller: User = {
  id: 'u1',
  email: 'ana.quispe@example.com',
  firstName: 'Ana',
  lastName: 'Quispe',
  displayName: 'Ana Quispe',
  profileImageUrl: null,
  providers: [],
  isAdmin: false,
  hasTemporaryEmail: false,
};

/** Wizard answers with every step complete (dates far in the future). */
export const completeAnswers: WizardFormData = {
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
};
