import type { Account, Locale, PlatformSession } from '@portal/shared-contracts';
import type { SavedHsCode } from '@portal/shared-contracts/account';
import { anonymousSession, fakeApi, renderRemote } from '@portal/shared-contracts/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { HsCodePicker, SEARCH_DELAY_MS } from './HsCodePicker';
import type { HsCodeItem } from './hs-codes';

const HORSES: HsCodeItem[] = [
  {
    code: '0101',
    description: 'Horses, asses, mules and hinnies; live',
    descriptionLv: 'Dzīvi zirgi, ēzeļi, mūļi un zirgēzeļi',
    level: 4,
    parent: '01',
  },
  {
    code: '010121',
    description: 'Horses; live, pure-bred breeding animals',
    descriptionLv: null,
    level: 6,
    parent: '0101',
  },
  {
    code: '010129',
    description: 'Horses; live, other than pure-bred breeding animals',
    descriptionLv: 'Dzīvi zirgi, izņemot tīršķirnes vaislas dzīvniekus',
    level: 6,
    parent: '0101',
  },
];

const answer = (members: HsCodeItem[], tooMany = false) => ({
  'hydra:member': members,
  'hydra:totalItems': tooMany ? 120 : members.length,
  tooMany,
});

/** The content line's code and description, as the content step keeps them. */
function Line({ initialCode = '', initialName = '' }: { initialCode?: string; initialName?: string }) {
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState(initialName);
  return (
    <>
      <HsCodePicker
        label="HS code"
        value={code}
        onChange={setCode}
        onPick={(item) => {
          if (!name) setName(item.description);
        }}
        error={code === '999999' ? 'HS code not found.' : undefined}
      />
      <output data-testid="code">{code}</output>
      <output data-testid="name">{name}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

function renderLine(
  routes: Record<string, unknown>,
  options: { locale?: Locale; initialName?: string; session?: PlatformSession } = {},
) {
  const fake = fakeApi(routes);
  const user = userEvent.setup();
  renderRemote(<Line initialName={options.initialName} />, {
    namespace: NAMESPACE,
    catalogues,
    api: fake.api,
    locale: options.locale,
    session: options.session,
  });
  return { ...fake, user, input: screen.getByRole('combobox', { name: /HS (code|kods)/ }) };
}

// jsdom lays nothing out: Mantine scrolls the highlighted option into view, and floating-ui
// takes the zero-size input for a hidden one and hides the open list (display: none), so the
// options are looked up with `hidden: true`; they are the real rendered options all the same.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});
const option = (name: RegExp) => screen.findByRole('option', { name, hidden: true });

const searches = (calls: { path: string; query?: Record<string, unknown> }[]) =>
  calls.filter((call) => call.path === '/api/hs_codes').map((call) => call.query?.search);

describe('HsCodePicker', () => {
  it('searches once the typing pauses, lists code and name, and fills code and description on Enter', async () => {
    const { calls, user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES) });
    await user.type(input, 'horses');
    await option(/010121.*pure-bred breeding animals/);
    expect(await option(/010129.*other than pure-bred/)).toBeInTheDocument();
    // One call for the whole word, not one per key.
    expect(searches(calls)).toEqual(['horses']);
    // Words are a search, not a code: the line's code has not changed yet.
    expect(screen.getByTestId('code')).toHaveTextContent('');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('code')).toHaveTextContent('010121');
    expect(input).toHaveValue('010121');
    expect(screen.getByTestId('name')).toHaveTextContent('Horses; live, pure-bred breeding animals');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a description already written when a code is chosen with the mouse', async () => {
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES) }, { initialName: 'Saddle horse' });
    await user.type(input, 'horse');
    await user.click(await option(/^010129\b/));
    expect(screen.getByTestId('code')).toHaveTextContent(/^010129$/);
    expect(screen.getByTestId('name')).toHaveTextContent('Saddle horse');
  });

  it('shows the Latvian names in Latvian, and the English one where there is none', async () => {
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES) }, { locale: 'lv' });
    await user.type(input, 'zirgi');
    expect(await option(/010129.*Dzīvi zirgi, izņemot/)).toBeInTheDocument();
    expect(await option(/010121.*Horses; live, pure-bred/)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/^Ierakstiet kodu vai preces/);
  });

  it('suggests only the subheadings a declaration takes, not the chapters and headings the API refuses (issue 40)', async () => {
    const shirts: HsCodeItem[] = [
      { code: '61', description: 'Apparel, knitted or crocheted', descriptionLv: null, level: 2, parent: null },
      { code: '6105', description: "Shirts; men's or boys', knitted", descriptionLv: null, level: 4, parent: '61' },
      {
        code: '610510',
        description: "Shirts; men's or boys', of cotton",
        descriptionLv: null,
        level: 6,
        parent: '6105',
      },
    ];
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer(shirts) });
    await user.type(input, 'shirts');
    await option(/^610510/);
    expect(screen.getAllByRole('option', { hidden: true }).map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^610510Shirts/),
    ]);
  });

  it('says nothing matches when the search finds headings only', async () => {
    const printed: HsCodeItem[] = [
      { code: '4901', description: 'Printed books, brochures', descriptionLv: null, level: 4, parent: '49' },
    ];
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer(printed) });
    await user.type(input, 'brochures');
    expect(await screen.findByText('No HS code matches this search.')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /4901/, hidden: true })).toBeNull();
  });

  it('asks to narrow a search with more than 50 matches', async () => {
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES, true) });
    await user.type(input, 'other');
    expect(await screen.findByText(/only the first 50 are listed\. Please narrow the search/)).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('says when nothing matches', async () => {
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer([]) });
    await user.type(input, 'zzz');
    expect(await screen.findByText('No HS code matches this search.')).toBeInTheDocument();
  });

  it('takes a code typed by hand, without spaces or dots, and shows the server’s verdict', async () => {
    const { calls, user, input } = renderLine({ 'GET /api/hs_codes': answer([]) });
    await user.type(input, '4901.99');
    expect(screen.getByTestId('code')).toHaveTextContent('490199');
    await user.clear(input);
    await user.type(input, '999999');
    expect(screen.getByTestId('code')).toHaveTextContent('999999');
    expect(screen.getByText('HS code not found.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(searches(calls)).toContain('999999'));
  });

  it('shows the line’s code again when words were typed but nothing was chosen', async () => {
    const { user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES) });
    await user.type(input, '010121');
    // Words typed over the code search only: the line keeps its code.
    await user.tripleClick(input);
    await user.keyboard('horses');
    expect(input).toHaveValue('horses');
    expect(screen.getByTestId('code')).toHaveTextContent('010121');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('010121');
    // Clearing the field clears the code.
    await user.clear(input);
    expect(screen.getByTestId('code')).toHaveTextContent('');
  });

  it('does not search for a single character', async () => {
    const { calls, user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES) });
    await user.type(input, 'h');
    // Past the typing pause: the debounced text settles, and still no call goes out.
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 150)));
    expect(searches(calls)).toEqual([]);
  });
});

describe('HsCodePicker with the account’s saved codes (issue 13)', () => {
  const account = { id: 7, type: 'private' } as Account;
  const signedIn: PlatformSession = { ...anonymousSession(), status: 'authenticated', activeAccount: account };
  const saved = (code: string, description: string, hsDescription: string): SavedHsCode => ({
    '@id': `/api/accounts/7/saved_hs_codes/${code}`,
    '@type': 'SavedHsCode',
    id: Number(code.slice(-3)),
    code,
    description,
    hsDescription,
    hsDescriptionLv: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  });
  const SAVED = {
    'hydra:member': [
      saved('010121', 'Our breeding stallions', 'Horses; live, pure-bred breeding animals'),
      saved('420222', 'Shop handbags', 'Handbags with outer surface of plastic sheeting or textile'),
    ],
    'hydra:totalItems': 2,
  };

  it('offers the saved codes first, before the nomenclature’s, and fills the description with the user’s own', async () => {
    const { user, input, calls } = renderLine(
      { 'GET /api/hs_codes': answer(HORSES), 'GET /api/accounts/7/saved_hs_codes': SAVED },
      { session: signedIn },
    );
    await user.type(input, 'horses');
    await waitFor(async () =>
      expect((await screen.findAllByRole('option', { hidden: true })).map((item) => item.textContent)).toEqual([
        expect.stringMatching(/^010121 Our breeding stallions/),
        expect.stringMatching(/^010129Horses; live, other than/),
      ]),
    );
    expect(screen.getByText('Your saved codes')).toBeInTheDocument();
    // The saved 010121 is listed once, among the saved ones.
    expect(screen.queryAllByText('010121')).toHaveLength(1);
    await user.click(await option(/^010121 Our breeding stallions/));
    expect(screen.getByTestId('code')).toHaveTextContent('010121');
    expect(screen.getByTestId('name')).toHaveTextContent('Our breeding stallions');
    expect(calls.some((call) => call.path === '/api/accounts/7/saved_hs_codes')).toBe(true);
  });

  it('lists every saved code in an empty field, and only those that fit what is typed', async () => {
    const { user, input } = renderLine(
      { 'GET /api/hs_codes': answer([]), 'GET /api/accounts/7/saved_hs_codes': SAVED },
      { session: signedIn },
    );
    await user.click(input);
    expect(await option(/^010121 Our breeding stallions/)).toBeInTheDocument();
    expect(await option(/^420222 Shop handbags/)).toBeInTheDocument();
    await user.type(input, '4202');
    await waitFor(() => expect(screen.queryByRole('option', { name: /^010121/, hidden: true })).toBeNull());
    expect(await option(/^420222 Shop handbags/)).toBeInTheDocument();
  });

  it('asks nothing of a visitor: there are no saved codes without an account', async () => {
    const { calls, user, input } = renderLine({ 'GET /api/hs_codes': answer(HORSES) });
    await user.type(input, 'horses');
    await option(/010121.*pure-bred breeding animals/);
    expect(calls.some((call) => call.path.includes('saved_hs_codes'))).toBe(false);
  });
});
