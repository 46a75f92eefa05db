import { createHash, randomBytes } from 'node:crypto';

/**
 * A sign-in started at the development provider as the shell starts one (authorization code with
 * PKCE): the interaction page's URL and the cookies that carry it. For the tests and the bench that
 * drive the provider's sign-in forms from outside; `extra` adds parameters to the request.
 */
export async function openInteraction(
  base: string,
  extra: Record<string, string> = {},
): Promise<{ url: string; cookie: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${base}/idp/auth`);
  for (const [key, value] of Object.entries({
    client_id: 'portal-shell',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${base}/auth/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    // More of the sign-in request, such as the portal's language (ui_locales).
    ...extra,
  })) {
    auth.searchParams.set(key, value);
  }
  const answer = await fetch(auth, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (!location?.includes('/interaction/')) throw new Error(`no interaction: ${answer.status} ${location}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((set) => set.split(';')[0])
    .join('; ');
  return { url: new URL(location, base).toString(), cookie };
}
