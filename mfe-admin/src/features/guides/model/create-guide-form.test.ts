import { describe, expect, it } from 'vitest';
import {
  EMPTY_GUIDE,
  GUIDE_NAME_REQUIRED,
  toCreateGuideBody,
  validateCreateGuide,
} from './create-guide-form';

describe('the create-guide form', () => {
  it("requires a name once trimmed: 'Guide name is required'", () => {
    expect(validateCreateGuide({ ...EMPTY_GUIDE, name: '   ' })).toEqual({
      name: 'Guide name is required',
    });
    // The form's toast knows the refusal by this text: it must be the schema's own.
    expect(validateCreateGuide({ ...EMPTY_GUIDE, name: '\u200E' })).toEqual({
      name: GUIDE_NAME_REQUIRED,
    });
    expect(validateCreateGuide({ ...EMPTY_GUIDE, name: 'Rosa' })).toEqual({});
  });

  it('checks zones as the API does', () => {
    const many = Array.from({ length: 21 }, (_, i) => `Zone ${i}`).join(', ');
    expect(validateCreateGuide({ ...EMPTY_GUIDE, name: 'Rosa', zones: many })).toEqual({
      zones: 'At most 20 zones',
    });
    expect(validateCreateGuide({ ...EMPTY_GUIDE, name: 'Rosa', zones: 'x'.repeat(61) })).toEqual({
      zones: 'Each zone must be at most 60 characters',
    });
  });

  it('sends zones split on commas, trimmed, empties dropped', () => {
    expect(
      toCreateGuideBody({
        name: ' Rosa Huaman ',
        locale: 'fr',
        zones: ' Cusco,, Sacred Valley , ',
        isActive: false,
      }),
    ).toEqual({
      name: 'Rosa Huaman',
      locale: 'fr',
      zones: ['Cusco', 'Sacred Valley'],
      isActive: false,
    });
  });
});
