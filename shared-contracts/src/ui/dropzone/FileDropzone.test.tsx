import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import type { Locale } from '../../i18n/locale';
import { PORTAL_COLOR_SCHEME } from '../color-scheme';
import { portalTheme } from '../theme';
import { type DropzoneAccept, FileDropzone } from './FileDropzone';

const ACCEPT: DropzoneAccept = { 'application/pdf': ['.pdf'], 'image/png': ['.png'] };
const MB = 1024 * 1024;
const pdf = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** The zone as a page holds it: the chosen files in the page's state. */
function Field({
  locale = 'en',
  maxFiles,
  error,
  onFiles = () => {},
}: {
  locale?: Locale;
  maxFiles?: number;
  error?: string;
  onFiles?: (files: File[]) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FileDropzone
      label="Attachments"
      hint="Photos of the damage"
      locale={locale}
      accept={ACCEPT}
      maxSize={2 * MB}
      maxFiles={maxFiles}
      files={files}
      onChange={(next) => {
        setFiles(next);
        onFiles(next);
      }}
      error={error}
      fileError={(index) => (error && index === 1 ? 'Content does not match its type.' : undefined)}
    />
  );
}

const show = (element: React.ReactElement) =>
  render(
    <MantineProvider theme={portalTheme} forceColorScheme={PORTAL_COLOR_SCHEME}>
      {element}
    </MantineProvider>,
  );

/** A drop as browsers send it: the files on the event's data transfer. */
async function drop(files: File[]) {
  const dataTransfer = {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  };
  await act(async () => {
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer });
  });
}

const chosen = () => screen.queryAllByTestId('chosen-file').map((item) => item.textContent);

describe('FileDropzone', () => {
  it('states the accepted types and the size limit, and lists a chosen file with its size', async () => {
    const user = userEvent.setup();
    show(<Field maxFiles={3} />);
    expect(screen.getByTestId('dropzone')).toHaveTextContent('Accepted: .pdf, .png; up to 2 MB each; at most 3 files.');
    await user.upload(screen.getByLabelText('Attachments'), pdf('receipt.pdf', 1.2 * MB));
    expect(chosen()).toEqual(['receipt.pdf (1.2 MB)Remove']);
    expect(screen.getByRole('list', { name: 'Chosen: Attachments' })).toBeInTheDocument();
  });

  it('speaks Latvian: limits, sizes with a decimal comma, refusals and remove', async () => {
    show(<Field locale="lv" maxFiles={3} />);
    expect(screen.getByTestId('dropzone')).toHaveTextContent(
      'Derīgi: .pdf, .png; katrs līdz 2 MB; ne vairāk kā 3 faili.',
    );
    expect(screen.getByRole('button', { name: 'Izvēlēties failus' })).toBeInTheDocument();
    await drop([pdf('kvīts.pdf', 1.2 * MB), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })]);
    expect(chosen()).toEqual(['kvīts.pdf (1,2 MB)Noņemt']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nav pievienots: Attachmentssetup.exe: šāda veida fails netiek pieņemts',
    );
    expect(screen.getByRole('button', { name: 'Noņemt kvīts.pdf' })).toBeInTheDocument();
  });

  it('adds dropped files and says beside the field which it did not add and why', async () => {
    const seen = jest.fn();
    show(<Field maxFiles={2} onFiles={seen} />);
    await drop([
      pdf('a.pdf'),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
      pdf('video.pdf', 3 * MB),
      pdf('empty.pdf', 0),
      pdf('b.pdf'),
      pdf('c.pdf'),
    ]);
    expect(chosen()).toEqual(['a.pdf (2 KB)Remove', 'b.pdf (2 KB)Remove']);
    const refused = within(screen.getByTestId('dropzone-refused'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(refused).toEqual([
      'setup.exe: this type of file is not accepted',
      'video.pdf: larger than 2 MB',
      'empty.pdf: the file is empty',
      'c.pdf: more than 2 files',
    ]);
    expect(seen).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'a.pdf' }), expect.any(File)]);
    // The refusals describe the input and the button, so a screen reader hears them there too.
    const refusedId = screen.getByTestId('dropzone-refused').id;
    expect(screen.getByLabelText('Attachments').getAttribute('aria-describedby')).toContain(refusedId);
  });

  it('lists a file chosen twice once, and a single-file zone replaces its file', async () => {
    const user = userEvent.setup();
    const { unmount } = show(<Field maxFiles={3} />);
    const file = pdf('a.pdf');
    await user.upload(screen.getByLabelText('Attachments'), file);
    await user.upload(screen.getByLabelText('Attachments'), file);
    expect(chosen()).toEqual(['a.pdf (2 KB)Remove']);
    unmount();

    show(<Field />);
    await user.upload(screen.getByLabelText('Attachments'), pdf('first.pdf'));
    await user.upload(screen.getByLabelText('Attachments'), pdf('second.pdf'));
    expect(chosen()).toEqual(['second.pdf (2 KB)Remove']);
    await drop([pdf('x.pdf'), pdf('y.pdf')]);
    expect(chosen()).toEqual(['x.pdf (2 KB)Remove']);
    expect(screen.getByTestId('dropzone-refused')).toHaveTextContent('y.pdf: only one file can be chosen');
  });

  it('removes a chosen file', async () => {
    const user = userEvent.setup();
    show(<Field maxFiles={3} />);
    await user.upload(screen.getByLabelText('Attachments'), [pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(chosen()).toEqual(['b.pdf (2 KB)Remove']);
  });

  it('shows the field’s error and each file’s error beside them', async () => {
    const user = userEvent.setup();
    show(<Field maxFiles={3} error="Attach at most 5 files." />);
    await user.upload(screen.getByLabelText('Attachments'), [pdf('a.pdf'), pdf('b.pdf')]);
    expect(screen.getByTestId('dropzone-error')).toHaveTextContent('Attach at most 5 files.');
    expect(screen.getByLabelText('Attachments')).toHaveAttribute('aria-invalid', 'true');
    const items = screen.getAllByTestId('chosen-file');
    expect(within(items[1] as HTMLElement).getByTestId('file-error')).toHaveTextContent(
      'Content does not match its type.',
    );
    expect(within(items[0] as HTMLElement).queryByTestId('file-error')).toBeNull();
  });

  it('is operated from the keyboard: Tab reaches its button, Enter and Space open the file dialog', async () => {
    const user = userEvent.setup();
    show(<Field maxFiles={3} />);
    const input = screen.getByLabelText('Attachments') as HTMLInputElement;
    const openDialog = jest.spyOn(input, 'click');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(openDialog).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(openDialog).toHaveBeenCalledTimes(2);
  });

  it('has no accessibility violations with files, refusals and errors shown', async () => {
    const user = userEvent.setup();
    const { container } = show(<Field maxFiles={3} error="Attach at most 5 files." />);
    await user.upload(screen.getByLabelText('Attachments'), [pdf('a.pdf'), pdf('b.pdf')]);
    await drop([new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })]);
    // Colour contrast needs layout, which the test DOM does not have (the end-to-end specs check it);
    // without a canvas axe skips its icon-font check instead of logging that the test DOM has none.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
