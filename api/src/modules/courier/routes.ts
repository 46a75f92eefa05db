import { courierAvailabilitySchema, ORDER_CODES, ORDER_MESSAGES, weekday } from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { twinErrorAnswers } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { invalidInput, type Violation } from '../../http/problem';
import { type CourierService, courierAreaOf } from './service';

export interface CourierRoutesOptions {
  service: CourierService;
}

// Strict shape first (an unknown or repeated parameter is a malformed request, 400, as elsewhere);
// the values are then checked like a body's fields, 422 with violations the wizard can show.
const availabilityQuery = z.strictObject({
  date: z.string().optional(),
  postCode: z.string().optional(),
});

const DB_DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkedQuery(query: z.output<typeof availabilityQuery>): { date: string; postCode: string | null } {
  const violations: Violation[] = [];
  const date = query.date?.trim() ?? '';
  if (date === '') {
    violations.push({ propertyPath: 'date', message: ORDER_MESSAGES.notBlank, code: ORDER_CODES.notBlank });
  } else if (!DB_DATE.test(date) || weekday(date) === null) {
    violations.push({ propertyPath: 'date', message: ORDER_MESSAGES.invalidDate, code: ORDER_CODES.invalidDate });
  }
  // A blank post code is no post code: the wizard asks before the sender's address is known.
  const postCode = query.postCode?.trim() ? query.postCode.trim().toUpperCase() : null;
  if (postCode !== null && courierAreaOf(postCode) === null) {
    violations.push({
      propertyPath: 'postCode',
      message: ORDER_MESSAGES.latvianPostCode,
      code: ORDER_CODES.latvianPostCode,
    });
  }
  if (violations.length > 0) throw invalidInput(422, violations);
  return { date, postCode };
}

/** The availability with its JSON-LD keys. */
const availabilityAnswer = z
  .object({
    '@context': z.literal('/api/contexts/CourierAvailability'),
    '@id': z.string(),
    '@type': z.literal('CourierAvailability'),
    ...courierAvailabilitySchema.shape,
  })
  .describe('Whether a pick-up can be ordered that day (and in that area), its window and the places left.');

export const courierRoutes: FastifyPluginAsync<CourierRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const errors = twinErrorAnswers(app);
  app.get(
    '/courier_pick_up/availability',
    {
      schema: {
        summary: 'Check whether a courier can pick up on a day',
        description:
          '`date` (YYYY-MM-DD) is required; with a Latvian `postCode` (LV-1010) the places left in its courier ' +
          'area are counted. A missing or impossible value is a violation beside its field (422).',
        tags: ['Courier'],
        querystring: availabilityQuery,
        response: {
          200: availabilityAnswer,
          ...errors(400, 422),
        },
      },
    },
    async (request, reply) => {
      const { date, postCode } = checkedQuery(request.query);
      const answer = await service.availability(date, postCode);
      const id = new URLSearchParams({ date, ...(postCode === null ? {} : { postCode }) });
      // Bookings change with every order: no cache may keep the count.
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return {
        '@context': '/api/contexts/CourierAvailability' as const,
        '@id': `/api/courier_pick_up/availability?${id.toString()}`,
        '@type': 'CourierAvailability' as const,
        ...answer,
      };
    },
  );
};
