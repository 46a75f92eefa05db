import { ApplicationError } from './application-error';
import { fieldErrorsOf, messagesByField } from './field-errors';

const refused = (violations: { propertyPath: string; message: string; code?: string }[]) =>
  new ApplicationError('Validation failed', { status: 422, violations });

describe('server violations beside the form fields', () => {
  test('one message per field, the first the server gave', () => {
    const error = refused([
      { propertyPath: 'name', message: 'This value should not be blank.', code: 'BLANK' },
      { propertyPath: 'name', message: 'Names may contain only letters.', code: 'NAME' },
      { propertyPath: 'postCode', message: 'The post code is not valid.', code: 'POST_CODE' },
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      name: 'This value should not be blank.',
      postCode: 'The post code is not valid.',
    });
  });

  test("a form names its own fields where the server's path differs", () => {
    const error = refused([{ propertyPath: 'contact.phone', message: 'The phone number is not valid.' }]);
    expect(fieldErrorsOf(error, (path) => path.replace(/^contact\./, ''))).toEqual({
      phone: 'The phone number is not valid.',
    });
  });

  test('null for a failure without violations, or that is not the API’s', () => {
    expect(fieldErrorsOf(new ApplicationError('Not found', { status: 404 }))).toBeNull();
    expect(fieldErrorsOf(new Error('offline'))).toBeNull();
    expect(fieldErrorsOf(undefined)).toBeNull();
  });

  test('the shared rules’ violations, checked before sending, map the same way', () => {
    expect(messagesByField([{ propertyPath: 'email', message: 'Enter an e-mail address.' }])).toEqual({
      email: 'Enter an e-mail address.',
    });
  });
});
