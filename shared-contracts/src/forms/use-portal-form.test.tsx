import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { ApplicationError } from '../api/application-error';
import type { Locale } from '../i18n/locale';
import { serverMessage } from '../i18n/server-messages';
import { fakeApi, renderRemote, violationsError } from '../testing';
import { TextInput } from '../ui';
import { type FormRules, usePortalForm } from './use-portal-form';

// Texts of the catalogue, so the Latvian test shows the translation the shell would.
const PHONE_REQUIRED = 'Enter the new phone number.';
const LV_PHONE_REQUIRED = 'Ievadiet jauno tālruņa numuru.';
const CODE_MISSING = 'Verification code missing.';

interface Values extends Record<string, unknown> {
  phone: string;
  code: string;
}

const schema = z.object({ phone: z.string(), code: z.string().check(z.minLength(1, CODE_MISSING)) });
const rules: FormRules<Values> = ({ phone }) =>
  phone.trim() === '' ? [{ propertyPath: 'contact.phone', message: PHONE_REQUIRED }] : [];

/** A form as a remote writes one: the adapter, two fields, a submit that calls `send`. */
function PhoneForm({ send }: { send: (values: Values) => Promise<unknown> }) {
  const form = usePortalForm<Values>({
    initialValues: { phone: '', code: '' },
    schema,
    rules,
    fieldOf: (path) => path.replace(/^contact\./, ''),
  });
  return (
    <form noValidate onSubmit={form.submit(send)} aria-label="New phone">
      <TextInput label="Phone" {...form.getInputProps('phone')} />
      <TextInput label="Code" {...form.getInputProps('code')} />
      <button type="submit" disabled={form.submitting}>
        Send
      </button>
      {form.serverError && <p role="alert">{form.serverError}</p>}
    </form>
  );
}

/** Applies two failures when clicked, recording whether each carried violations. */
function Probe({ seen }: { seen: boolean[] }) {
  const form = usePortalForm({ initialValues: { phone: '' } });
  return (
    <>
      <button
        type="button"
        onClick={() => {
          seen.push(form.applyServerViolations(new Error('offline')));
          seen.push(form.applyServerViolations(violationsError([{ propertyPath: 'phone', message: PHONE_REQUIRED }])));
        }}
      >
        Apply
      </button>
      <span data-testid="phone-error">{form.fieldError('phone')}</span>
    </>
  );
}

const WEIGHT_POSITIVE = 'The weight must be more than 0 g.';
const weightSchema = z.object({ grams: z.number().check(z.positive(WEIGHT_POSITIVE)) });

/** A form whose request is not its values: the schema checks the request, the error shows on the field. */
function WeightForm({ send }: { send: (request: { grams: number }) => Promise<unknown> }) {
  const form = usePortalForm({
    initialValues: { weight: '' },
    transformValues: ({ weight }) => ({ grams: Number(weight.trim() || '0') }),
    schema: weightSchema,
    fieldOf: (path) => (path === 'grams' ? 'weight' : path),
  });
  return (
    <form noValidate onSubmit={form.submit(send)} aria-label="Parcel">
      <TextInput label="Weight" {...form.getInputProps('weight')} />
      <button type="submit">Send</button>
    </form>
  );
}

function renderForm(send: (values: Values) => Promise<unknown>, locale: Locale = 'en') {
  renderRemote(<PhoneForm send={send} />, {
    namespace: 'test',
    catalogues: { en: {}, lv: {} },
    api: fakeApi({}).api,
    locale,
    platform: { translateServerMessage: (said) => serverMessage(said, locale) },
  });
  return userEvent.setup();
}

describe('usePortalForm', () => {
  it('checks by the schema and the rules before sending, and sends nothing while they fail', async () => {
    const send = jest.fn(async () => undefined);
    const user = renderForm(send);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The rule's path `contact.phone` lands on the form's `phone` field; the schema's on `code`.
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(PHONE_REQUIRED);
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(CODE_MISSING);
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Phone'), '29876543');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ phone: '29876543', code: '123456' });
    expect(screen.getByLabelText('Phone')).not.toHaveAccessibleDescription(PHONE_REQUIRED);
  });

  it("puts the server's violations beside their fields, in the interface language", async () => {
    const user = renderForm(async () => {
      throw violationsError([{ propertyPath: 'contact.phone', message: PHONE_REQUIRED, code: 'PHONE_REQUIRED' }]);
    }, 'lv');
    await user.type(screen.getByLabelText('Phone'), '29876543');
    await user.type(screen.getByLabelText('Code'), '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(LV_PHONE_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(LV_PHONE_REQUIRED);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a failure without violations as the form’s message, cleared by the next submit', async () => {
    let fail = true;
    const user = renderForm(async () => {
      if (fail) throw new ApplicationError('Internal server error', { status: 500, code: 'INTERNAL_ERROR' });
    });
    await user.type(screen.getByLabelText('Phone'), '29876543');
    await user.type(screen.getByLabelText('Code'), '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('answers whether an error carried violations (applyServerViolations)', async () => {
    const seen: boolean[] = [];
    renderRemote(<Probe seen={seen} />, { namespace: 'test', catalogues: { en: {}, lv: {} }, api: fakeApi({}).api });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply' }));
    expect(seen).toEqual([false, true]);
    expect(screen.getByTestId('phone-error')).toHaveTextContent(PHONE_REQUIRED);
  });
  it('checks what is sent (transformValues) by the schema, and hands the handler that request', async () => {
    const send = jest.fn(async () => undefined);
    renderRemote(<WeightForm send={send} />, {
      namespace: 'test',
      catalogues: { en: {}, lv: {} },
      api: fakeApi({}).api,
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Weight')).toHaveAccessibleDescription(WEIGHT_POSITIVE);
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Weight'), ' 250 ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ grams: 250 });
  });
});
