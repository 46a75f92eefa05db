import { SERVER_MESSAGES_LV, serverMessage } from './server-messages';

describe('serverMessage', () => {
  it('shows a known API message in Latvian and leaves English and unknown messages as written', () => {
    expect(serverMessage('No price found.', 'lv')).toBe(SERVER_MESSAGES_LV['No price found.']);
    expect(SERVER_MESSAGES_LV['No price found.']).toMatch(/\S/);
    expect(serverMessage('No price found.', 'en')).toBe('No price found.');
    expect(serverMessage('A message nobody translated.', 'lv')).toBe('A message nobody translated.');
  });
});
