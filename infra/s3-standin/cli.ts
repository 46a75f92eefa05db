// `npm run s3:standin -- [--port <n>]`: the S3 stand-in with the bucket `portal-uploads`, for keeping
// complaint attachments "in object storage" locally, on a free port unless told one. Start the
// portal with the printed settings in another terminal. Objects live in memory: they are gone when
// the stand-in stops.
import { S3_STANDIN_ACCESS_KEY_ID, S3_STANDIN_SECRET_ACCESS_KEY } from '@portal/api/config';
import { operatorOptionsOrExit } from '../cli/operator-options';
import { startS3StandIn } from './server';

const { port } = operatorOptionsOrExit(
  [
    'usage: npm run s3:standin -- [--port <n>]',
    '  --port    where the stand-in listens (default S3_STANDIN_PORT, else any free port; printed)',
  ].join('\n'),
  { envPort: 'S3_STANDIN_PORT' },
);
const bucket = process.env.S3_BUCKET ?? 'portal-uploads';
const standIn = await startS3StandIn({
  port,
  accessKeyId: S3_STANDIN_ACCESS_KEY_ID,
  secretAccessKey: S3_STANDIN_SECRET_ACCESS_KEY,
  buckets: [bucket],
});
console.log(`S3 stand-in at ${standIn.url} (bucket ${bucket}); start the portal with:`);
console.log(
  `  FILE_STORAGE=s3 S3_ENDPOINT=${standIn.url} S3_BUCKET=${bucket} S3_ACCESS_KEY_ID=${S3_STANDIN_ACCESS_KEY_ID} S3_SECRET_ACCESS_KEY=${S3_STANDIN_SECRET_ACCESS_KEY} npm run serve`,
);
