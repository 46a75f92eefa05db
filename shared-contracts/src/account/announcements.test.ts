import {
  ANNOUNCEMENT_MESSAGES,
  announcementSms,
  announcementTexts,
  announcementViolations,
  normaliseAnnouncement,
} from './announcements';

const valid = {
  recipientGroups: ['company'],
  channels: ['portal'],
  caption: ' Holiday hours ',
  description: 'Closed on 24.12.2026.',
  content: 'Parcel lockers work as usual.',
  captionLv: ' Svētku darba laiks ',
  descriptionLv: 'Slēgts 24.12.2026.',
  contentLv: 'Pakomāti strādā kā parasti.',
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
    ).toMatchObject({
      recipientGroups: ['private', 'company'],
      channels: ['email', 'sms'],
      caption: 'Holiday hours',
      captionLv: 'Svētku darba laiks',
    });
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
      captionLv: 'Svētki',
      descriptionLv: 'x'.repeat(301),
    });
    expect(found.map((violation) => [violation.propertyPath, violation.code])).toEqual([
      ['recipientGroups', 'notification.unknown_recipient_group'],
      ['channels', 'notification.no_channel'],
      ['caption', 'notification.too_long'],
      ['description', 'notification.blank'],
      ['content', 'notification.blank'],
      // Both languages are required, with the same limits.
      ['descriptionLv', 'notification.too_long'],
      ['contentLv', 'notification.blank'],
    ]);
    expect(announcementViolations({ ...valid, channels: ['fax'] })[0]?.message).toBe(
      ANNOUNCEMENT_MESSAGES.unknownChannel,
    );
  });

  it('picks one language’s texts', () => {
    const stored = normaliseAnnouncement(valid);
    expect(announcementTexts(stored, 'lv')).toEqual({
      caption: 'Svētku darba laiks',
      description: 'Slēgts 24.12.2026.',
      content: 'Pakomāti strādā kā parasti.',
    });
    expect(announcementTexts(stored, 'en').caption).toBe('Holiday hours');
  });

  it('writes the text message from the caption and the description', () => {
    expect(announcementSms({ caption: 'Holiday hours', description: 'Closed on 24.12.2026.' })).toBe(
      'Holiday hours: Closed on 24.12.2026.',
    );
  });
});
