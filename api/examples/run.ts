// Runs the example against a portal: `PORTAL_API_KEY=lvp_live_… node --import tsx api/examples/run.ts`.
// PORTAL_URL (default http://localhost:8080, as `npm start` serves it), LABEL_FORMAT (A6, A4 or zpl;
// default A6). Prints each step and writes the label into the folder it runs in.
import { writeFile } from 'node:fs/promises';
import { shipAParcel } from './ship-a-parcel';

const apiKey = process.env.PORTAL_API_KEY;
if (!apiKey) {
  console.error('Set PORTAL_API_KEY to a key of your company account (My data and settings → API keys).');
  process.exit(2);
}
const labelFormat = (process.env.LABEL_FORMAT ?? 'A6') as 'A6' | 'A4' | 'zpl';
try {
  const shipment = await shipAParcel({
    portalUrl: process.env.PORTAL_URL ?? 'http://localhost:8080',
    apiKey,
    labelFormat,
  });
  const file = `label-${shipment.trackingNumber}.${labelFormat === 'zpl' ? 'zpl' : 'pdf'}`;
  await writeFile(file, shipment.label.bytes);
  console.log(`wrote ${file}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
