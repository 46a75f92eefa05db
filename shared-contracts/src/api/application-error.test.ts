import {
  ApplicationError,
  BOT_CHECK_ERROR,
  DEFAULT_ERROR_MESSAGE,
  FINISH_SELECTION_MESSAGE,
} from './application-error';

const failed = (body: unknown, statusText = 'Unprocessable Entity') =>
  ApplicationError.fromResponse({ status: 422, statusText, body });

describe('ApplicationError', () => {
  it('is an Error with a name, a null status and no violations by default', () => {
    const error = new ApplicationError();
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApplicationError');
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.status).toBeNull();
    expect(error.violations).toEqual([]);
    expect(error.validation).toEqual({});
    expect(error.code).toBeUndefined();
  });

  it('keeps a code and a cause', () => {
    const cause = new Error('solver crashed');
    const error = new ApplicationError(BOT_CHECK_ERROR, { code: BOT_CHECK_ERROR, cause });
    expect(error.code).toBe('recaptchaError');
    expect(error.cause).toBe(cause);
  });

  it('groups violation messages per field path', () => {
    const error = new ApplicationError('invalid', {
      violations: [
        { propertyPath: 'sender.email', message: 'This value is not a valid email address.' },
        { propertyPath: 'sender.email', message: 'This value is too long.' },
        { propertyPath: 'receiver.name', message: 'This value should not be blank.' },
      ],
    });
    expect(error.validation).toEqual({
      'sender.email': ['This value is not a valid email address.', 'This value is too long.'],
      'receiver.name': ['This value should not be blank.'],
    });
  });

  it.each(['orderLines[0].workFlow', 'orderLines.0.workFlow'])(
    'replaces "should not be null" on %s with the finishSelection key',
    (propertyPath) => {
      const error = new ApplicationError('invalid', {
        violations: [{ propertyPath, message: 'This value should not be null.', code: 'NOT_NULL' }],
      });
      expect(error.violations).toEqual([{ propertyPath, message: FINISH_SELECTION_MESSAGE, code: 'NOT_NULL' }]);
      expect(error.validation).toEqual({ [propertyPath]: ['finishSelection'] });
    },
  );

  it('leaves other workflow messages and other lines alone', () => {
    const violations = [
      { propertyPath: 'orderLines[0].workFlow', message: 'This workflow is not active.' },
      { propertyPath: 'orderLines[1].workFlow', message: 'This value should not be null.' },
    ];
    expect(new ApplicationError('invalid', { violations }).violations).toEqual(violations);
  });

  it('does not mutate the violations it is given', () => {
    const violation = { propertyPath: 'orderLines[0].workFlow', message: 'This value should not be null.' };
    void new ApplicationError('invalid', { violations: [violation] });
    expect(violation.message).toBe('This value should not be null.');
  });
});

describe('ApplicationError.fromResponse', () => {
  const everyMessage = {
    message: 'client message',
    'hydra:description': 'hydra description',
    detail: 'detail',
  };

  it('takes the message in SPEC §8 order: message, hydra:description, detail, status text, default', () => {
    expect(failed(everyMessage).message).toBe('client message');
    expect(failed({ ...everyMessage, message: undefined }).message).toBe('hydra description');
    expect(failed({ detail: 'detail', 'hydra:description': '' }).message).toBe('detail');
    expect(failed({}).message).toBe('Unprocessable Entity');
    expect(failed(undefined, '').message).toBe('Application error');
  });

  it('reads a Hydra validation error with its violations and status', () => {
    const error = failed({
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': 'weight: This value should be positive.',
      violations: [{ propertyPath: 'weight', message: 'This value should be positive.', code: 'POSITIVE' }],
    });
    expect(error.status).toBe(422);
    expect(error.message).toBe('weight: This value should be positive.');
    expect(error.violations).toEqual([
      { propertyPath: 'weight', message: 'This value should be positive.', code: 'POSITIVE' },
    ]);
    expect(error.validation).toEqual({ weight: ['This value should be positive.'] });
  });

  it('applies the finishSelection rule to violations from the server', () => {
    const error = failed({
      violations: [{ propertyPath: 'orderLines[0].workFlow', message: 'This value should not be null.' }],
    });
    expect(error.validation).toEqual({ 'orderLines[0].workFlow': ['finishSelection'] });
  });

  it('drops malformed violations and ignores a violations field that is not a list', () => {
    expect(failed({ violations: [{ message: 'no path' }, { propertyPath: 'a', message: 'ok' }] }).violations).toEqual([
      { propertyPath: 'a', message: 'ok' },
    ]);
    expect(failed({ violations: 'oops' }).violations).toEqual([]);
  });

  it('keeps a string code and the raw body', () => {
    const body = { code: 'recaptchaError', message: 'Bot check failed' };
    const error = failed(body);
    expect(error.code).toBe('recaptchaError');
    expect(error.body).toBe(body);
    expect(failed({ code: 401 }).code).toBeUndefined();
  });
});
