/**
 * The bot check of write requests (SPEC §7): fetches a proof-of-work challenge from the API,
 * solves it in the browser (ALTCHA, loaded only when a write needs it) and returns the token the
 * API client sends to POST /api/recaptcha-verify and then with the write.
 */
export async function solveBotCheck(_action: 'submit'): Promise<string> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const response = await fetch('/api/public/bot-check/challenge', { cache: 'no-store' });
  if (!response.ok) throw new Error(`bot-check challenge answered ${response.status}`);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('bot-check challenge not solved in time');
  return btoa(JSON.stringify({ challenge, solution }));
}
