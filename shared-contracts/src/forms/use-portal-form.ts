import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { fieldErrorsOf, messagesByField } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { type FormEvent, useState } from 'react';
import type { ServerMessageSource } from '../i18n/server-messages';
import type { Violation } from '../schemas/hydra';

/**
 * The portal's one form adapter (issue 39 item 4): `@mantine/form` (the form library of the UI
 * kit's own family) holds the values, the errors and the submitting flag; this hook adds what every
 * portal form needs on top of it, so no remote writes its own:
 * - client checks by the shared contracts before anything is sent: a zod schema (any Standard
 *   Schema, read by Mantine's own `schemaResolver`) and/or the SPEC rules that return violations;
 * - `applyServerViolations(error)`: the API's 422 violations beside their fields (`fieldErrorsOf`);
 * - a failure without violations kept as the form's own message (`serverError`);
 * - every message shown in the interface language: errors are kept in the API's English and
 *   translated when shown (`translateServerMessage`), so a language switch retranslates them.
 */

/** A zod schema, or any other Standard Schema: what Mantine's schemaResolver reads. */
export type FormSchema = Parameters<typeof schemaResolver>[0];

/** SPEC rules of the shared contracts: the violations of the values, none when they are fine. */
export type FormRules<Values> = (values: Values) => readonly Pick<Violation, 'propertyPath' | 'message'>[];

export interface PortalFormOptions<Values, Request = Values> {
  initialValues: Values;
  /** What the values become when sent (trimmed, numbers parsed...): what `submit`'s handler gets. */
  transformValues?: (values: Values) => Request;
  /**
   * Checks of what is sent (zod), run on `transformValues`' result; their messages are shown
   * translated like the API's, so give the SPEC's English.
   */
  schema?: FormSchema;
  /** The SPEC rules of the shared contracts, the same the API applies. */
  rules?: FormRules<Values>;
  /** The form's field for a property path, where the API's path differs (`contact.phone` → `phone`). */
  fieldOf?: (propertyPath: string) => string;
}

export interface PortalForm<Values, Request = Values> extends UseFormReturnType<Values, Request> {
  /**
   * Puts a failed call's violations beside their fields; false when it carries none (then show
   * its message instead, or use `showServerError`).
   */
  applyServerViolations: (error: unknown) => boolean;
  /** A failed call: its violations beside the fields, or else its message as `serverError`. */
  showServerError: (error: unknown) => void;
  /** What the last failed call said, when it named no field; translated. */
  serverError: string | null;
  clearServerError: () => void;
  /** A field's error message, translated (for a control that does not take getInputProps). */
  fieldError: (field: string) => string | undefined;
  /**
   * A submit handler: checks the values, clears the last server error, runs `handler`; what it
   * throws goes to `showServerError`. `form.submitting` is true while it runs.
   */
  submit: (handler: (request: Request) => unknown) => (event?: FormEvent<HTMLFormElement>) => void;
}

const samePath = (propertyPath: string) => propertyPath;

/** A thrown value as the API's message source: an Error keeps its code, for the translation. */
const saidOf = (error: unknown): ServerMessageSource =>
  error instanceof Error ? (error as Error & ServerMessageSource) : { message: String(error) };

export function usePortalForm<Values extends Record<string, unknown>, Request = Values>({
  initialValues,
  transformValues,
  schema,
  rules,
  fieldOf = samePath,
}: PortalFormOptions<Values, Request>): PortalForm<Values, Request> {
  const { translateServerMessage } = usePlatform();
  const [failure, setFailure] = useState<ServerMessageSource | null>(null);
  const translate = (message: unknown) =>
    typeof message === 'string' && message !== '' ? translateServerMessage(message) : undefined;
  const bySchema = schema ? schemaResolver(schema, { sync: true }) : null;

  const form = useForm<Values, Request>({
    mode: 'controlled',
    initialValues,
    transformValues,
    // The schema's messages first, then the rules': the first message of a field is the one shown.
    validate: (values): FormErrors => {
      const found: Record<string, string> = {};
      for (const [path, message] of Object.entries(
        bySchema?.(transformValues ? transformValues(values) : values) ?? {},
      ))
        if (typeof message === 'string') found[fieldOf(path)] ??= message;
      for (const [field, message] of Object.entries(messagesByField(rules?.(values) ?? [], fieldOf)))
        found[field] ??= message;
      return found;
    },
    enhanceGetInputProps: ({ inputProps }) => ({ error: translate(inputProps.error) }),
  });

  const applyServerViolations = (error: unknown): boolean => {
    const found = fieldErrorsOf(error, fieldOf);
    if (!found) return false;
    form.setErrors(found);
    return true;
  };
  const showServerError = (error: unknown) => {
    if (!applyServerViolations(error)) setFailure(saidOf(error));
  };

  return {
    ...form,
    applyServerViolations,
    showServerError,
    serverError: failure ? translateServerMessage(failure) : null,
    clearServerError: () => setFailure(null),
    fieldError: (field) => translate(form.errors[field]),
    submit: (handler) =>
      form.onSubmit(async (request) => {
        setFailure(null);
        try {
          await handler(request);
        } catch (error) {
          showServerError(error);
        }
      }),
  };
}
