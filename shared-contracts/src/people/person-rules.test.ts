import { emailProblem, nameProblem, phoneFormatProblem } from './person-rules';

describe('person rules', () => {
  it('names: Latin letters, dash, dot, apostrophe, at least 2 characters', () => {
    expect(nameProblem('  Anna   Bērziņa ')).toBeNull();
    expect(nameProblem("D'Artagnan-Smith Jr.")).toBeNull();
    expect(nameProblem('A')).toBe('This value is too short. It should have 2 characters or more.');
    expect(nameProblem('Анна')).toBe('Names may contain only Latin letters, dash, dot and apostrophe.');
  });

  it('phones: digits, length, Latvian numbers', () => {
    expect(phoneFormatProblem('371', '21234567')).toBeNull();
    expect(phoneFormatProblem('371', '')).toBeNull();
    expect(phoneFormatProblem('3x1', '21234567')).toEqual({ field: 'phonePrefix', message: expect.any(String) });
    expect(phoneFormatProblem('371', '2123')?.message).toBe('The phone number is too short.');
    expect(phoneFormatProblem('371', '71234567')?.message).toBe(
      'A Latvian phone number has 8 digits and starts with 2 or 6.',
    );
    expect(phoneFormatProblem('44', '7700900123')).toBeNull();
  });

  it('e-mail', () => {
    expect(emailProblem('a@b.lv')).toBeNull();
    expect(emailProblem('a@b')).toBe('This value is not a valid email address.');
  });
});
