import { anonymousSession, fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { screen, within } from '@testing-library/react';
import { catalogues, NAMESPACE } from '../../i18n';
import { AdminHomePage } from '.';

describe('AdminHomePage', () => {
  const withRoles = (adminRoles: string[]) => {
    const session = anonymousSession();
    return {
      ...session,
      status: 'authenticated' as const,
      user: {
        '@id': '/api/users/3',
        id: 3,
        email: 'someone@example.com',
        firstName: null,
        lastName: null,
        isAdmin: adminRoles.length > 0,
        adminRoles,
        identityVerified: false,
        authMethods: ['password'],
        userAccounts: [],
      },
    };
  };
  const sectionNames = () =>
    within(screen.getByRole('navigation', { name: 'Back office sections' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('shows a content editor only the content group and the announcements, under SPEC §2’s group headings', () => {
    const { api } = fakeApi({});
    renderRemote(<AdminHomePage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin',
      session: withRoles(['content_editor']),
    });
    // Content editors compose the post's announcements too (ADMIN_SECTION_ROLES, issue 14 item 6).
    // The content group's advertising blocks, footer and tooltips are CMS blocks of their kind.
    expect(sectionNames()).toEqual([
      'Content blocks',
      'Advertising blocks',
      'Notification banner',
      'Footer',
      'Tooltips',
      'Notifications',
      'SMS',
      'E-mail',
    ]);
    const headings = within(screen.getByRole('navigation', { name: 'Back office sections' }))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Content', 'Notifications']);
    expect(screen.getByRole('link', { name: 'Footer' })).toHaveAttribute('href', '/admin/cms?kind=footer');
  });

  it('shows an administrator every section, the audit trail among them', () => {
    const { api } = fakeApi({});
    renderRemote(<AdminHomePage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/admin',
      session: withRoles(['administrator']),
    });
    expect(sectionNames()).toContain('Tariffs');
    expect(sectionNames()).toContain('Audit trail');
    // Every group of SPEC §2, in its order.
    const headings = within(screen.getByRole('navigation', { name: 'Back office sections' }))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Administrator',
      'Content',
      'Search',
      'Submissions',
      'Notifications',
      'Discounts',
      'Reports',
      'Settings',
      'Archive',
    ]);
  });
});
