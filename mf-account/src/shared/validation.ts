// Client checks of the sender profile (SPEC §5): the shared person rules of
// @portal/shared-contracts, which the API applies too. The phone changes with an SMS code
// (settings/my-data/PhoneChange.tsx, the rules of @portal/shared-contracts/account).
import { emailProblem, nameProblem } from '@portal/shared-contracts';

export function nameError(value: string): string | null {
  return nameProblem(value);
}

export function emailError(value: string): string | null {
  return value === '' ? null : emailProblem(value);
}

/** The sender profile's violations by field, for the form adapter (usePortalForm's rules). */
export function profileViolations(values: {
  firstName: string;
  lastName: string;
  email: string;
}): { propertyPath: string; message: string }[] {
  const problems = {
    firstName: nameError(values.firstName),
    lastName: nameError(values.lastName),
    email: emailError(values.email.trim()),
  };
  return Object.entries(problems).flatMap(([propertyPath, message]) => (message ? [{ propertyPath, message }] : []));
}
