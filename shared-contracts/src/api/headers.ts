/** Header that names the caller's active account on signed-in calls (the shell keeps its id). */
export const ACCOUNT_HEADER = 'x-account-id';
