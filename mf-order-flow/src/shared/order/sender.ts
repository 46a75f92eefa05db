// The sender as the order wizard prefills it (SPEC §3 Sender profile), shared by the wizard's step 2
// and the bulk templates (issue 40 item 6): the signed-in user's name, the active account's e-mail,
// phone and address, and Latvia's dialling code when the profile has none.
import { LATVIAN_PHONE_PREFIX, type PlatformSession } from '@portal/shared-contracts';

export interface ProfileSender {
  name: string;
  email: string;
  phonePrefix: string;
  phone: string;
  addressLine: string;
}

/** The sender the profile gives, or null for a visitor (no profile). */
export function senderOfProfile(session: PlatformSession | null | undefined): ProfileSender | null {
  const user = session?.user;
  if (!user) return null;
  const account = session?.activeAccount;
  return {
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: account?.email ?? user.email ?? '',
    phonePrefix: account?.contact?.phonePrefix || LATVIAN_PHONE_PREFIX,
    phone: account?.contact?.phone ?? '',
    addressLine: account?.contact?.address ?? '',
  };
}
