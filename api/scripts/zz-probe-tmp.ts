import { makeS10 } from '@portal/shared-contracts/s10';
import { openDatabase } from '../src/db';
import { TrackingService } from '../src/modules/tracking/service';

const db = await openDatabase({ url: 'postgres://portal@127.0.0.1:55439/portal_bench' });
const service = new TrackingService(db.orm);
const n = () => makeS10('BE', 50_000_001 + Math.floor(Math.random() * 100_000));
const t = performance.now();
await Promise.all(Array.from({ length: 8 }, async () => { for (let i = 0; i < 400; i++) await service.lookup(n(), 'en'); }));
console.log('lookups/s', (3200 / ((performance.now() - t) / 1000)).toFixed(0));
await db.close();
