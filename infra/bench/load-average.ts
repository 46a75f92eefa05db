import { readFileSync } from 'node:fs';

/** The machine's two cores are shared: every timing is printed with the load average. */
export const loadAverage = () => {
  try {
    return `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;
  } catch {
    return 'load average unknown';
  }
};
