import { buildWizardAnswers } from '@trek/shared/testing/builders';
import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './account';
import {
  emailSchema,
  firstNameSchema,
  freeText,
  isoDateSchema,
  lastNameSchema,
  lineText,
  personNameSchema,
} from './fields';
import { guideNameSchema, guideZonesSchema } from './guide';
import { createProjectBodySchema, wizardFormDataSchema } from './project';

const completeAnswers = buildWizardAnswers();

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

describe('an e-mail address', () => {
  it('reaches one account however a browser spells an internationalised domain', () => {
    // Chromium's e-mail inputs give the ASCII form, Firefox's the Unicode one.
    expect(emailSchema.parse('Ana@Exämple.com')).toBe('ana@xn--exmple-cua.com');
    expect(emailSchema.parse('ana@xn--exmple-cua.com')).toBe('ana@xn--exmple-cua.com');
    expect(emailSchema.parse('josé@example.com')).toBe('josé@example.com');
    expect(emailSchema.parse('Ana@Example.COM')).toBe('ana@example.com');
  });

  it('is never changed into another address by the conversion, nor made too long by it', () => {
    // The URL parser would keep only 'evil.org' of these.
    for (const address of ['ana@evil.org/ä.com', 'ana@exämple.com:25', 'ana@exämple.com?x'])
      expect(emailSchema.safeParse(address).data ?? address).not.toMatch(/xn--|^ana@evil\.org$/);
    const long = `${'a'.repeat(207)}@${'ä'.repeat(40)}.com`;
    expect(long.length).toBeLessThanOrEqual(254);
    expect(emailSchema.safeParse(long).error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
  });

  it('says only that an over-long address is too long, before checking its form', () => {
    const issues = emailSchema.safeParse(`a@${'.'.repeat(16_000)}@a`).error?.issues ?? [];
    expect(issues.map((issue) => issue.code)).toEqual(['too_big']);
  });
});

describe('the text rule', () => {
  const title = (value: string) =>
    createProjectBodySchema.safeParse({ ...body, title: value }).error?.issues[0]?.message;

  it('refuses lone surrogates, C0 and C1 controls, and blank text', () => {
    expect(title('La\ud800res')).toBe('Please use valid characters only.');
    expect(title('Lares\u0085')).toBe('Please remove control characters such as tabs.');
    expect(title('Lares\u001b')).toBe('Please remove control characters such as tabs.');
    expect(title('   ')).toBe('Please fill in this field.');
    expect(title('\u200b\u200c\u200d\u2060\ufeff')).toBe('Please fill in this field.');
    expect(title('Lares 😀')).toBeUndefined();
  });

  it('keeps line breaks in multi-line text only', () => {
    expect(freeText(100).safeParse('one\r\ntwo').success).toBe(true);
    expect(freeText(100).safeParse('tab\there').success).toBe(false);
    expect(lineText(100).safeParse('one\ntwo').success).toBe(false);
  });

  it('trims spaces and invisible characters at the ends, not inside', () => {
    expect(lineText(100).parse('\u200b Lares \ufeff')).toBe('Lares');
    expect(lineText(100).parse('La\u200dres')).toBe('La\u200dres');
  });

  // Unicode's default-ignorable characters, not a list: each of these used to pass as a name.
  const INVISIBLES = [
    '\u00AD', // soft hyphen
    '\u034F', // combining grapheme joiner
    '\u061C', // Arabic letter mark
    '\u115F', // Hangul choseong filler
    '\u1160', // Hangul jungseong filler
    '\u180E', // Mongolian vowel separator
    '\u200E', // left-to-right mark
    '\u200F', // right-to-left mark
    '\u2061', // function application
    '\u2064', // invisible plus
    '\u3164', // Hangul filler
    '\uFE0F', // variation selector
    '\uFFA0', // halfwidth Hangul filler
    '\u{E0001}', // language tag
  ];

  it('reads text made only of invisible characters as blank, in every required field', () => {
    const required = {
      firstNameSchema: 'Please enter your first name.',
      lastNameSchema: 'Please enter your last name.',
      displayNameSchema: 'Please enter a display name.',
      guideNameSchema: 'Guide name is required',
      emailSchema: 'Please enter your email address.',
    };
    const schemas = {
      firstNameSchema,
      lastNameSchema,
      displayNameSchema,
      guideNameSchema,
      emailSchema,
    };
    for (const [field, message] of Object.entries(required)) {
      const schema = schemas[field as keyof typeof schemas];
      for (const invisible of [...INVISIBLES, INVISIBLES.join(' ')]) {
        expect([field, invisible, schema.safeParse(invisible).error?.issues[0]?.message]).toEqual([
          field,
          invisible,
          message,
        ]);
      }
    }
    expect(title('\u00AD\u3164 \u200E')).toBe('Please fill in this field.');
  });

  it('trims invisible characters at the ends but keeps what finishes an emoji', () => {
    expect(lineText(100).parse('\u200E\u00ADLares\u3164\u2064')).toBe('Lares');
    expect(lineText(100).parse('Lares \u2764\uFE0F\u200B')).toBe('Lares \u2764\uFE0F');
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(lineText(100).parse(`Lares ${england} `)).toBe(`Lares ${england}`);
    expect(lineText(100).parse('\uFE0FLares')).toBe('Lares');
    expect(lineText(100).parse('\u{1F600}\u200B')).toBe('\u{1F600}');
  });

  it('trims a long run of spaces in linear time', () => {
    const started = performance.now();
    expect(freeText(20_000).parse(`a${' '.repeat(16_000)}b`)).toHaveLength(16_002);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses an e-mail address with an invisible character inside', () => {
    for (const invisible of INVISIBLES) {
      expect([
        invisible,
        emailSchema.safeParse(`ana${invisible}@example.com`).error?.issues[0]?.message,
      ]).toEqual([invisible, 'Please enter a valid email address.']);
      expect(emailSchema.safeParse(`ana@exa${invisible}mple.com`).success).toBe(false);
    }
    expect(emailSchema.safeParse('ana\u200B@example.com').success).toBe(false);
    // At the ends they are trimmed, as spaces are.
    expect(emailSchema.parse('\u200Eana@example.com\u00AD')).toBe('ana@example.com');
  });

  it('says an over-long e-mail address is not a valid one, in words', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(long).toHaveLength(255);
    expect(emailSchema.safeParse(long).error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
    expect(emailSchema.safeParse(long.slice(1)).success).toBe(true);
  });

  it('refuses text-direction controls in names and e-mails', () => {
    expect(personNameSchema.safeParse('Ana\u202Egnp.exe').error?.issues[0]?.message).toBe(
      'Please remove the text-direction characters (they can disguise text).',
    );
    expect(personNameSchema.safeParse('Ana\u2067Quispe').success).toBe(false);
    expect(personNameSchema.safeParse('Ana\u200EQuispe').success).toBe(false);
    expect(personNameSchema.safeParse('Ana\u200FQuispe').success).toBe(false);
    expect(personNameSchema.safeParse('Ana\u061CQuispe').success).toBe(false);
    expect(emailSchema.safeParse('ana\u202E@example.com').success).toBe(false);
    // Arabic or Hebrew names need no control characters.
    expect(personNameSchema.safeParse('אנה').success).toBe(true);
  });

  it('says what to do, as a sentence, on every name field a person types in', () => {
    const fields = {
      firstNameSchema,
      lastNameSchema,
      displayNameSchema,
      guideNameSchema,
      guideZones: {
        safeParse: (value: string) => guideZonesSchema.safeParse([value]),
      },
    };
    for (const [field, schema] of Object.entries(fields)) {
      const message = (value: string) => schema.safeParse(value).error?.issues[0]?.message;
      expect([field, message('Ana\u202Egnp.exe')]).toEqual([
        field,
        'Please remove the text-direction characters (they can disguise text).',
      ]);
      expect([field, message('Ana\u0007')]).toEqual([
        field,
        'Please remove control characters such as tabs.',
      ]);
      expect([field, message('Ana\tQuispe')]).toEqual([
        field,
        'Please remove control characters such as tabs.',
      ]);
      expect([field, message('A\ud800na')]).toEqual([field, 'Please use valid characters only.']);
    }
  });

  it('normalises e-mails to NFC and lower case, and refuses a lone surrogate', () => {
    expect(emailSchema.parse('  Jose\u0301@Example.COM ')).toBe('jos\u00e9@example.com');
    expect(emailSchema.parse('JOS\u00c9@example.com')).toBe('jos\u00e9@example.com');
    expect(emailSchema.safeParse('ana\ud800@example.com').success).toBe(false);
  });

  it('keeps dates within the years a trek can be', () => {
    expect(isoDateSchema.safeParse('0000-01-01').success).toBe(false);
    expect(isoDateSchema.safeParse('1999-12-31').success).toBe(false);
    expect(isoDateSchema.safeParse('2100-12-31').success).toBe(true);
    expect(isoDateSchema.safeParse('2101-01-01').success).toBe(false);
  });

  it('bounds languages: the three keys, each once, at least one on create', () => {
    const withLanguages = (languages: string[]) =>
      createProjectBodySchema.safeParse({ ...body, formData: { ...completeAnswers, languages } })
        .success;
    expect(withLanguages(['english', 'spanish'])).toBe(true);
    expect(withLanguages(['english', 'english'])).toBe(false);
    expect(withLanguages(['english', 'german'])).toBe(false);
    expect(withLanguages([])).toBe(false);
    expect(wizardFormDataSchema.safeParse({ ...completeAnswers, languages: [] }).success).toBe(
      true,
    );
  });
});
