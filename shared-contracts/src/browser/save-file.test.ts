import { saveFile } from './save-file';

it('downloads the blob under the name given, through a link it removes, and revokes the URL later', () => {
  jest.useFakeTimers();
  const created = jest.fn(() => 'blob:portal/1');
  const revoked = jest.fn();
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
  const clicked: { href: string; download: string }[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });

  const blob = new Blob(['x']);
  saveFile(blob, 'Adrešu grāmata.xlsx');

  expect(created).toHaveBeenCalledWith(blob);
  expect(clicked).toEqual([{ href: 'blob:portal/1', download: 'Adrešu grāmata.xlsx' }]);
  expect(document.querySelector('a')).toBeNull();
  expect(revoked).not.toHaveBeenCalled();
  jest.advanceTimersByTime(30_000);
  expect(revoked).toHaveBeenCalledWith('blob:portal/1');
  click.mockRestore();
  jest.useRealTimers();
});
