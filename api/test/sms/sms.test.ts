import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  memorySmsSender,
  type OutboxMessage,
  outboxSmsSender,
  SmsSendError,
  smsSenderFromSettings,
  twilioSmsSender,
} from '../../src/sms';

// The SMS providers behind SmsSender: Twilio's Messages API (the real protocol, against a local
// server that answers as Twilio documents it) and the development outbox folder.

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];
/** What the next request gets: status and JSON body. */
let answer: { status: number; body: unknown } = { status: 201, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(text),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const message = { to: '+37121234567', body: 'Your postal portal code is 123456.' };

describe("Twilio's Messages API", () => {
  it('posts the message form-encoded with Basic authentication to the account’s Messages resource', async () => {
    answer = { status: 201, body: { sid: 'SM0123', status: 'queued', to: message.to } };
    const sender = twilioSmsSender({ accountSid: ACCOUNT_SID, authToken: 'token', from: 'Pasts', apiUrl: baseUrl });
    await sender.send(message);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:token`).toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: message.to, From: 'Pasts', Body: message.body });
    expect(sender.description).toBe(`Twilio ${new URL(baseUrl).host}`);
  });

  it('sends through a Messaging Service and authenticates with an API key when configured', async () => {
    answer = { status: 201, body: { sid: 'SM0124', status: 'accepted' } };
    const sender = twilioSmsSender({
      accountSid: ACCOUNT_SID,
      apiKeySid: 'SK0123',
      authToken: 'key-secret',
      messagingServiceSid: 'MG0123',
      apiUrl: `${baseUrl}/`,
    });
    await sender.send(message);
    const [request] = received;
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('SK0123:key-secret').toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: message.to,
      MessagingServiceSid: 'MG0123',
      Body: message.body,
    });
  });

  it("turns Twilio's error answer into an SmsSendError with Twilio's code", async () => {
    answer = {
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +37121234567 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    };
    const sender = twilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: 'token',
      from: '+15005550006',
      apiUrl: baseUrl,
    });
    const error = await sender.send(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ providerCode: 21211, message: expect.stringContaining('not a valid phone number') });
  });

  it('refuses a wrong token (401) and a message Twilio reports failed at once', async () => {
    answer = { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    const sender = twilioSmsSender({ accountSid: ACCOUNT_SID, authToken: 'wrong', from: 'Pasts', apiUrl: baseUrl });
    await expect(sender.send(message)).rejects.toMatchObject({ providerCode: 20003 });
    answer = { status: 201, body: { sid: 'SM0125', status: 'failed', error_code: 30008 } };
    await expect(sender.send(message)).rejects.toMatchObject({ providerCode: 30008 });
  });

  it('answers an SmsSendError when Twilio cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sender = twilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: 'token',
      from: 'Pasts',
      apiUrl: `http://127.0.0.1:${port}`,
    });
    await expect(sender.send(message)).rejects.toBeInstanceOf(SmsSendError);
  });

  it('needs a sender number, ID or Messaging Service', () => {
    expect(() => twilioSmsSender({ accountSid: ACCOUNT_SID, authToken: 'token' })).toThrow(/TWILIO_FROM/);
  });
});

describe('the development outbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-sms-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes each message as a JSON file, named in time order', async () => {
    const sender = outboxSmsSender(join(dir, 'outbox'));
    await sender.send(message);
    await sender.send({ to: '+37129999999', body: 'Second' });
    const files = (await readdir(join(dir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.json'))).toBe(true);
    const stored = await Promise.all(
      files.map(async (name) => JSON.parse(await readFile(join(dir, 'outbox', name), 'utf8')) as OutboxMessage),
    );
    expect(stored.map(({ to, body }) => ({ to, body }))).toEqual([message, { to: '+37129999999', body: 'Second' }]);
    expect(Number.isNaN(Date.parse(stored[0]?.sentAt ?? ''))).toBe(false);
  });

  it('is what the settings pick in development; test runs without a folder keep messages in memory', () => {
    expect(smsSenderFromSettings({ provider: 'outbox', outboxDir: dir, nodeEnv: 'development' }).description).toBe(
      `SMS outbox folder ${dir}`,
    );
    expect(smsSenderFromSettings({ provider: 'outbox', nodeEnv: 'development' }).description).toMatch(/\.data\/sms$/);
    expect(smsSenderFromSettings({ provider: 'outbox', nodeEnv: 'test' }).description).toBe('memory');
    expect(
      smsSenderFromSettings({
        provider: 'twilio',
        twilio: { accountSid: ACCOUNT_SID, authToken: 'token', from: 'Pasts' },
      }).description,
    ).toBe('Twilio api.twilio.com');
  });

  it('keeps messages in memory for tests', async () => {
    const sender = memorySmsSender();
    await sender.send(message);
    expect(sender.sent).toEqual([message]);
  });
});
