import { BOOT_DATA_ELEMENT_ID } from '@portal/shared-contracts';
import { readBootData } from './boot-data';

function pageWith(blockText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('portal');
  if (blockText !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = BOOT_DATA_ELEMENT_ID;
    block.textContent = blockText;
    doc.head.append(block);
  }
  return doc;
}

it('reads the block the gateway wrote, escaped characters included', () => {
  const data = readBootData(
    pageWith('{"auth":{"clientId":"portal-shell"},"remotes":{"environment":"\\u003cx\\u003e"}}'),
  );
  expect(data).toEqual({ auth: { clientId: 'portal-shell' }, remotes: { environment: '<x>' } });
});

it('is empty without a block, or with one that is not a JSON object', () => {
  expect(readBootData(pageWith(null))).toEqual({});
  expect(readBootData(pageWith('not json'))).toEqual({});
  expect(readBootData(pageWith('42'))).toEqual({});
});
