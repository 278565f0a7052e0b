import { createProjectBodySchema } from '@trek/shared/schemas';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { createProjectBody, wizardAnswers } from '../testing/project-bodies.js';
import { checkNewProject } from './creation-rules.js';

/** A body as the route receives it: past the shared schema, which these rules come after. */
const body = (overrides: Record<string, unknown> = {}) =>
  createProjectBodySchema.parse(createProjectBody(overrides));

/** The 400 message `checkNewProject` answers, or null when it accepts the body. */
function refusal(overrides: Record<string, unknown>): string | null {
  try {
    checkNewProject(body(overrides));
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return error.message;
    throw error;
  }
}

describe('checkNewProject', () => {
  it('accepts what the wizard sends, with the title as the catalogue spells the trek', () => {
    expect(checkNewProject(body())).toEqual({ destination: 'Lares', title: 'Lares' });
    expect(checkNewProject(body({ title: 'lares', destination: 'LARES' }))).toEqual({
      destination: 'Lares',
      title: 'Lares',
    });
    expect(checkNewProject(body({ title: 'Trek Request' })).title).toBe('Trek Request');
  });

  it('refuses a request without dates: step 3 needs the start and the end (spec section 5)', () => {
    const blank = wizardAnswers({
      dates: { flexible: false, flexibilityWindowDays: null, start: '', end: '', baseDate: '' },
    });
    expect(refusal({ startDate: null, endDate: null, formData: blank })).toBe(
      'startDate: is required',
    );
    expect(
      refusal({
        startDate: null,
        endDate: '2026-03-05',
        formData: wizardAnswers({ dates: { ...wizardAnswers().dates, start: '' } }),
      }),
    ).toBe('startDate: is required');
    expect(
      refusal({
        endDate: null,
        formData: wizardAnswers({ dates: { ...wizardAnswers().dates, end: '' } }),
      }),
    ).toBe('endDate: is required');
    // Set at the top but blank in the answers, or the reverse: they must agree.
    expect(
      refusal({ formData: wizardAnswers({ dates: { ...wizardAnswers().dates, start: '' } }) }),
    ).toMatch(/^startDate: must be formData\.dates\.start/);
  });

  it('refuses fixed fields other than the fixed values, and a title other than the trek', () => {
    expect(refusal({ difficulty: 'extreme' })).toBe('difficulty: must be medium');
    expect(refusal({ maxBudget: '5000 USD' })).toBe('maxBudget: must be TBD');
    expect(refusal({ title: 'Free trip, call +1 555 0100' })).toBe(
      "title: must be the trek's name (Lares) or Trek Request",
    );
    expect(refusal({ title: 'Salkantay' })).toMatch(/^title: /);
  });
});
