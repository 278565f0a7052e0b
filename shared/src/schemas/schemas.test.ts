import { completeAnswers } from '@trek/shared/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { emailSchema, isoDateSchema, personNameSchema } from './fields';
import { createProjectBodySchema, wizardFormDataSchema } from './project';

const body = {
  title: 'Lares trek',
  description: 'Four days\nwith hot springs',
  destination: 'Lares',
  startDate: '2030-01-07',
  endDate: '2030-01-10',
  maxBudget: '',
  groupSize: 2,
  difficulty: '',
  formData: completeAnswers,
};

describe('schemas at the boundary', () => {
  it('accept real calendar days only', () => {
    expect(isoDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2030-02-30').success).toBe(false);
    expect(isoDateSchema.safeParse('2030-13-01').success).toBe(false);
    expect(isoDateSchema.safeParse('2030-1-7').success).toBe(false);
  });

  it('refuse control characters, keeping line breaks in free text', () => {
    expect(createProjectBodySchema.safeParse(body).success).toBe(true);
    expect(createProjectBodySchema.safeParse({ ...body, title: 'La\u0000res' }).success).toBe(
      false,
    );
    expect(
      createProjectBodySchema.safeParse({ ...body, description: 'nul \u0000 here' }).success,
    ).toBe(false);
    expect(createProjectBodySchema.safeParse({ ...body, startDate: '2030-02-30' }).success).toBe(
      false,
    );
    expect(
      wizardFormDataSchema.safeParse({
        ...completeAnswers,
        utm: { source: 'news\u0000', medium: '', campaign: '' },
      }).success,
    ).toBe(false);
    expect(personNameSchema.safeParse('Ana\u0000').success).toBe(false);
    expect(personNameSchema.parse('  Ana ')).toBe('Ana');
    expect(emailSchema.safeParse('ana\u0000@example.com').success).toBe(false);
    expect(emailSchema.safeParse('ana@example.com').success).toBe(true);
  });
});
