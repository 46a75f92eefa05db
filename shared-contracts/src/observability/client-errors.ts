// zod/mini: the shell loads this with its first screen (the whole of zod would cost ~11 KB gzip).
import { z } from 'zod/mini';

/**
 * What the browser reports to the API when something breaks on a page (issue 17: operators see
 * the front end's failures in the API's logs): an uncaught error, an unhandled promise rejection,
 * or a remote that could not be loaded. The shell sends them; the API validates with the same schema.
 */
export const CLIENT_ERROR_KINDS = ['javascript', 'unhandled-rejection', 'remote-load'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Where the reports go (public: a visitor's page breaks as well as a signed-in user's). */
export const CLIENT_ERRORS_PATH = '/api/public/client-errors';

/** The header a call's id travels in, from the browser's API client to the API's logs. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** At most this many reports from one page load: a loop of errors must not flood the API. */
export const MAX_CLIENT_ERRORS_PER_PAGE = 10;

export const clientErrorReportSchema = z.strictObject({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  /** The page's path (never its query string: it may hold a search for a name or an address). */
  page: z.string().check(z.maxLength(2000)),
  /** The script's URL and position, when the browser gives them. */
  source: z.optional(z.string().check(z.maxLength(2000))),
  /** The remote's name, for `remote-load`. */
  remote: z.optional(z.string().check(z.maxLength(100))),
  stack: z.optional(z.string().check(z.maxLength(8000))),
});
export type ClientErrorReport = z.output<typeof clientErrorReportSchema>;

/** A URL or path without its query string and fragment. */
export const withoutQuery = (url: string): string => url.split(/[?#]/, 1)[0] ?? '';
