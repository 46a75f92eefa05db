import type { BulkRowResult } from '@portal/shared-contracts/orders';
import { fieldsToFix } from './model';

const result = (problems: BulkRowResult['problems']): BulkRowResult => ({
  row: 2,
  line: {},
  priceCents: null,
  problems,
});

test('a bad row shows the columns its problems name, and the product when none names one', () => {
  expect(
    fieldsToFix(
      result([
        { field: 'postCode', propertyPath: 'receiver.address.postCode', message: 'm', code: 'INVALID_POST_CODE' },
      ]),
    ),
  ).toEqual(['postCode']);
  expect(fieldsToFix(result([{ field: null, propertyPath: '', message: 'm', code: 'NO_PRICE_FOUND' }]))).toEqual([
    'product',
  ]);
});

test('a product that does not go to the destination can be fixed in either column', () => {
  const problem = {
    field: 'countryCode' as const,
    propertyPath: 'attributes.countryCode',
    message: 'This product does not go to the chosen country.',
    code: 'WORKFLOW_TO_COUNTRY_NOT_FOUND',
  };
  expect(fieldsToFix(result([problem]))).toEqual(['product', 'countryCode']);
});
