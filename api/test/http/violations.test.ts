import { z } from 'zod';
import { ApiError } from '../../src/http/problem';
import { parseBody, parseQuery } from '../../src/http/validate';
import { apiErrorMap, formatPropertyPath, toViolations } from '../../src/http/violations';

const order = z.strictObject({
  orderLines: z.array(
    z.object({
      weight: z.number().positive(),
      content: z.array(z.object({ hsCode: z.string().regex(/^\d{6}$/, 'Invalid HS code.') })),
    }),
  ),
  insurance: z
    .number()
    .optional()
    .refine((amount) => amount === undefined || amount <= 100, {
      message: 'Insurance is higher than the content value.',
      params: { code: 'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE' },
    }),
});

function violationsOf(input: unknown) {
  const result = order.safeParse(input, { error: apiErrorMap });
  if (result.success) throw new Error('expected the input to be invalid');
  return toViolations(result.error);
}

describe('formatPropertyPath', () => {
  it.each([
    [[], ''],
    [['name'], 'name'],
    [['orderLines', 0, 'weight'], 'orderLines[0].weight'],
    [['orderLines', 2, 'content', 10, 'hsCode'], 'orderLines[2].content[10].hsCode'],
    [[0, 'name'], '[0].name'],
  ])('formats %j as "%s"', (path, expected) => {
    expect(formatPropertyPath(path)).toBe(expected);
  });
});

describe('toViolations', () => {
  it('puts each issue on the path of its field', () => {
    expect(
      violationsOf({
        orderLines: [
          { weight: 1, content: [] },
          { weight: 0, content: [{ hsCode: '12' }] },
        ],
      }),
    ).toEqual([
      { propertyPath: 'orderLines[1].weight', message: expect.any(String), code: 'TOO_SMALL' },
      { propertyPath: 'orderLines[1].content[0].hsCode', message: 'Invalid HS code.', code: 'INVALID_FORMAT' },
    ]);
  });

  it('words a missing or null value as the clients expect, with code NOT_NULL', () => {
    expect(violationsOf({ orderLines: [{ weight: null, content: [] }] })).toEqual([
      { propertyPath: 'orderLines[0].weight', message: 'This value should not be null.', code: 'NOT_NULL' },
    ]);
    expect(violationsOf({})).toEqual([
      { propertyPath: 'orderLines', message: 'This value should not be null.', code: 'NOT_NULL' },
    ]);
  });

  it('keeps the wording of a value of the wrong type', () => {
    const [violation] = violationsOf({ orderLines: 'none' });
    expect(violation).toMatchObject({ propertyPath: 'orderLines', code: 'INVALID_TYPE' });
    expect(violation?.message).not.toBe('This value should not be null.');
  });

  it('reports each unexpected field on its own path', () => {
    expect(violationsOf({ orderLines: [], step: 1, status: 'paid' })).toEqual([
      { propertyPath: 'step', message: 'This field was not expected.', code: 'UNEXPECTED_FIELD' },
      { propertyPath: 'status', message: 'This field was not expected.', code: 'UNEXPECTED_FIELD' },
    ]);
  });

  it('takes the code a rule gives in its params', () => {
    expect(violationsOf({ orderLines: [], insurance: 500 })).toEqual([
      {
        propertyPath: 'insurance',
        message: 'Insurance is higher than the content value.',
        code: 'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE',
      },
    ]);
  });
});

describe('parse helpers', () => {
  function thrownBy(parse: () => unknown): ApiError {
    try {
      parse();
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error('expected an ApiError');
  }

  it('return the parsed data when valid', () => {
    expect(parseBody(order, { orderLines: [] })).toEqual({ orderLines: [] });
  });

  it('refuse an invalid body with 422 and its violations', () => {
    const error = thrownBy(() => parseBody(order, { orderLines: [{ weight: -1, content: [] }] }));
    expect(error.status).toBe(422);
    expect(error.violations).toEqual([expect.objectContaining({ propertyPath: 'orderLines[0].weight' })]);
    expect(error.message).toBe(`orderLines[0].weight: ${error.violations[0]?.message}`);
  });

  it('refuse an invalid query with 400', () => {
    const error = thrownBy(() => parseQuery(z.strictObject({}), { page: '1' }));
    expect(error.status).toBe(400);
    expect(error.violations).toEqual([expect.objectContaining({ propertyPath: 'page', code: 'UNEXPECTED_FIELD' })]);
  });
});
