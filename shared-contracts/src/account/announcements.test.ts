import { ANNOUNCEMENT_MESSAGES, announcementSms, announcementViolations, normaliseAnnouncement } from './announcements';

const valid = {
  recipientGroups: ['company'],
  channels: ['portal'],
  caption: ' Holiday hours ',
  description: 'Closed on 24.12.2026.',
  content: 'Parcel lockers work as usual.',
};

describe('announcement rules (SPEC §5: at least one recipient group)', () => {
  it('accepts a complete announcement and stores it trimmed, choices in their fixed order', () => {
    expect(announcementViolations(valid)).toEqual([]);
    expect(
      normaliseAnnouncement({
        ...valid,
        recipientGroups: ['company', 'private', 'company'],
        channels: ['sms', 'email'],
      }),
    ).toMatchObject({ recipientGroups: ['private', 'company'], channels: ['email', 'sms'], caption: 'Holiday hours' });
  });

  it('refuses a notification to no group with a clear message', () => {
    for (const recipientGroups of [[], undefined, null]) {
      expect(announcementViolations({ ...valid, recipientGroups })).toEqual([
        {
          propertyPath: 'recipientGroups',
          message: ANNOUNCEMENT_MESSAGES.noGroup,
          code: 'notification.no_recipient_group',
        },
      ]);
    }
  });

  it('names unknown groups and channels, missing ways to send, blank and long texts', () => {
    const found = announcementViolations({
      recipientGroups: ['private', 'everyone'],
      channels: [],
      caption: 'x'.repeat(121),
      description: '  ',
      content: undefined,
    });
    expect(found.map((violation) => [violation.propertyPath, violation.code])).toEqual([
      ['recipientGroups', 'notification.unknown_recipient_group'],
      ['channels', 'notification.no_channel'],
      ['caption', 'notification.too_long'],
      ['description', 'notification.blank'],
      ['content', 'notification.blank'],
    ]);
    expect(announcementViolations({ ...valid, channels: ['fax'] })[0]?.message).toBe(
      ANNOUNCEMENT_MESSAGES.unknownChannel,
    );
  });

  it('writes the text message from the caption and the description', () => {
    expect(announcementSms({ caption: 'Holiday hours', description: 'Closed on 24.12.2026.' })).toBe(
      'Holiday hours: Closed on 24.12.2026.',
    );
  });
});
