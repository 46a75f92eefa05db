import { COMPLAINT_MESSAGES } from '@portal/shared-contracts/complaints';
import { anonymousSession, fakeApi, renderRemote, violationsError } from '@portal/shared-contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues, NAMESPACE } from '../../i18n';
import { ComplaintPage } from './ComplaintPage';

const pdf = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function renderForm(routes: Record<string, unknown>, locale: 'en' | 'lv' = 'en', route = '/complaint') {
  const { api, calls } = fakeApi(routes);
  renderRemote(<ComplaintPage />, {
    namespace: NAMESPACE,
    catalogues,
    api,
    locale,
    route,
    path: '/complaint/:orderId?',
  });
  return calls;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Damaged shipment' }));
  await user.click(screen.getByRole('radio', { name: 'Sender' }));
  await user.click(screen.getByRole('radio', { name: 'Damaged content' }));
  // Typed in one go: a keystroke at a time re-renders the long form dozens of times in jsdom.
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill(/^Full name/, 'Anna Bērziņa');
  fill(/^E-mail/, 'anna@example.lv');
  fill(/^Description of the problem/, 'The vase arrived broken.');
  fill(/^Bank account for the refund/, 'LV80BANK0000435195001');
}

// The long form takes a few seconds to render and fill in jsdom on a busy machine.
jest.setTimeout(30_000);

describe('the shipment number (issue 40: it came empty)', () => {
  it('comes filled in from tracking’s "File a complaint" (?shipmentNumber=) and is sent', async () => {
    const user = userEvent.setup();
    const calls = renderForm(
      { 'POST /api/complaints': { submissionNumber: 'CMP-2026-000008', attachments: [] } },
      'en',
      '/complaint?shipmentNumber=RR123456785LV',
    );
    expect(screen.getByLabelText('Shipment number')).toHaveValue('RR123456785LV');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')?.body;
    expect(sent).toMatchObject({ shipmentNumber: 'RR123456785LV' });
    expect(sent).not.toHaveProperty('orderKey');
  });

  it('comes filled in with the order’s shipment on /complaint/{orderId}, sent with the order', async () => {
    const user = userEvent.setup();
    const calls = renderForm(
      {
        'GET /api/complaints/order/k-42': {
          '@type': 'ComplaintOrder',
          orderKey: 'k-42',
          shipmentNumbers: ['RR987654321LV', 'RR111111115LV'],
        },
        'POST /api/complaints': { submissionNumber: 'CMP-2026-000009', attachments: [] },
      },
      'en',
      '/complaint/k-42',
    );
    expect(await screen.findByLabelText('Shipment number')).toHaveValue('RR987654321LV');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      orderKey: 'k-42',
      shipmentNumber: 'RR987654321LV',
    });
  });
});

describe('the complainant’s name and e-mail', () => {
  it('fill in from the session when it becomes known after the form is shown, never over what was typed', async () => {
    // The portal's session object as a remote receives it: still checking who is signed in when the
    // form appears; the platform then hands the remote the signed-in user (here the same object, and
    // the form drawn again by a change of its own).
    const session = { ...anonymousSession(), status: 'loading' as const };
    const { api } = fakeApi({});
    renderRemote(<ComplaintPage />, {
      namespace: NAMESPACE,
      catalogues,
      api,
      route: '/complaint',
      path: '/complaint/:orderId?',
      session,
    });
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'typed@example.lv' } });
    Object.assign(session, {
      status: 'authenticated',
      user: { firstName: 'Anna', lastName: 'Bērziņa', email: 'anna@example.lv' },
    });
    fireEvent.change(screen.getByLabelText(/^Description of the problem/), { target: { value: 'Broken.' } });
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue('Anna Bērziņa'));
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('typed@example.lv');
  });
});

describe('the complaint form’s files', () => {
  it('sends the complaint and its files as multipart: the complaint as JSON, each file under its field', async () => {
    const user = userEvent.setup();
    const calls = renderForm({
      'POST /api/complaints': { submissionNumber: 'CMP-2026-000007', attachments: [] },
    });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Attachments (photos, documents)'), [
      pdf('photo-1.pdf'),
      pdf('photo-2.pdf'),
    ]);
    await user.upload(screen.getByLabelText("Proof of the shipment's value"), pdf('receipt.pdf', 3 * 1024 * 1024));
    const chosen = screen.getAllByTestId('chosen-file').map((item) => item.textContent);
    expect(chosen).toEqual([
      expect.stringContaining('photo-1.pdf (2 KB)'),
      expect.stringContaining('photo-2.pdf (2 KB)'),
      expect.stringContaining('receipt.pdf (3 MB)'),
    ]);
    // A file can be taken out again before sending.
    await user.click(screen.getByRole('button', { name: 'Remove photo-2.pdf' }));

    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    // The path is shown from the start; it changes once the (fake) API has answered.
    await waitFor(
      () => expect(screen.getByTestId('path')).toHaveTextContent('/complaint-sent?number=CMP-2026-000007'),
      {
        timeout: 10_000,
      },
    );
    const sent = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(JSON.parse(sent.get('complaint') as string)).toMatchObject({
      type: 'damaged_shipment',
      fullName: 'Anna Bērziņa',
    });
    expect(sent.getAll('attachments').map((file) => (file as File).name)).toEqual(['photo-1.pdf']);
    expect(sent.getAll('proofOfValue').map((file) => (file as File).name)).toEqual(['receipt.pdf']);
  });

  it('refuses a wrong type and a too large file beside the field when they are chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm({});
    expect(await screen.findByTestId('complaint-attachments')).toHaveTextContent(
      'Accepted: .doc, .docx, .png, .pdf, .xlsx, .edoc, .jpg, .jpeg, .heic, .webp; up to 30 MB each; at most 5 files.',
    );
    await user.upload(screen.getByLabelText('Attachments (photos, documents)'), [
      new File(['MZ'], 'setup.exe'),
      pdf('video.pdf', 31 * 1024 * 1024),
      pdf('fine.pdf'),
    ]);
    expect(screen.getAllByTestId('chosen-file').map((item) => item.textContent)).toEqual([
      expect.stringContaining('fine.pdf (2 KB)'),
    ]);
    const refused = within(screen.getByTestId('dropzone-refused')).getAllByRole('listitem');
    expect(refused.map((item) => item.textContent)).toEqual([
      'setup.exe: this type of file is not accepted',
      'video.pdf: larger than 30 MB',
    ]);
  });

  it('refuses more than 5 files of both fields together beside the attachments before sending anything', async () => {
    const user = userEvent.setup();
    const calls = renderForm({});
    await fillRequired(user);
    await user.upload(
      screen.getByLabelText('Attachments (photos, documents)'),
      [1, 2, 3, 4, 5].map((n) => pdf(`photo-${n}.pdf`)),
    );
    await user.upload(screen.getByLabelText("Proof of the shipment's value"), pdf('receipt.pdf'));
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    expect(within(screen.getByTestId('complaint-attachments')).getByTestId('dropzone-error')).toHaveTextContent(
      COMPLAINT_MESSAGES.attachmentCount,
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the API’s content check beside the file it names', async () => {
    const user = userEvent.setup();
    renderForm({
      'POST /api/complaints': () => {
        throw violationsError([
          {
            propertyPath: 'attachments[0]',
            message:
              "The file's content does not match its type: attach a real doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp file.",
            code: 'complaint.attachment_content',
          },
        ]);
      },
    });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Attachments (photos, documents)'), pdf('invoice.pdf'));
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    expect(await screen.findByTestId('file-error')).toHaveTextContent("The file's content does not match its type");
    expect(screen.getByTestId('path')).toHaveTextContent('/complaint');
  });
});
