import { type ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** What an operator command (a stand-in, the simulator) is told on its command line. */
export interface OperatorOptions {
  help: boolean;
  /** Where the command listens: 0 (the default) lets the system pick a free port, printed at start. */
  port: number;
  /** The portal's origin the command talks to or sends callbacks to. */
  portal: string;
  /** The command's other flags, as parseArgs read them. */
  values: Record<string, string | boolean | undefined>;
}

/**
 * Reads `--help`, `--port <n>` and `--portal <url>` (issue 35: operator commands never default to a
 * port another process may own, and `--help` runs nothing). `envPort` and PORTAL_URL are the
 * fall-backs the commands documented before. Throws with a message on a bad value.
 */
export function parseOperatorOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  options: { envPort?: string; extra?: ParseArgsOptionsConfig } = {},
): OperatorOptions {
  const { values } = parseArgs<{ args: string[]; options: ParseArgsOptionsConfig; strict: true }>({
    args: argv,
    options: {
      help: { type: 'boolean', short: 'h' },
      port: { type: 'string' },
      portal: { type: 'string' },
      ...options.extra,
    },
    strict: true,
  });
  const read = values as Record<string, string | boolean | undefined>;
  const rawPort = (read.port as string | undefined) ?? (options.envPort ? env[options.envPort] : undefined) ?? '0';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65_535)
    throw new Error(`--port: a port number (0: any free port), not "${rawPort}"`);
  const portal = ((read.portal as string | undefined) ?? env.PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  if (!/^https?:\/\/[^/]+$/.test(portal))
    throw new Error(`--portal: the portal's origin (http(s)://host:port), not "${portal}"`);
  return { help: read.help === true, port, portal, values: read };
}

/** Parses, or prints the usage (exit 0 for --help, 2 for a bad option) and ends the process. */
export function operatorOptionsOrExit(
  usage: string,
  options: { envPort?: string; extra?: ParseArgsOptionsConfig } = {},
): OperatorOptions {
  let parsed: OperatorOptions;
  try {
    parsed = parseOperatorOptions(process.argv.slice(2), process.env, options);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
