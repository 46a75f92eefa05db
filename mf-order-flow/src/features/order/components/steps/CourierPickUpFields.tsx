import { CourierPickUpInputs } from '../../../../shared/order/CourierPickUpInputs';
import { useFieldErrors } from '../../hooks/use-field-errors';
import type { CourierPickUpDraft } from '../../model';
import { useOrderFlow } from '../../store';

export { availabilityNote } from '../../../../shared/order/CourierPickUpInputs';

const LINE = 'orderLines[0]';
export const COURIER_PICK_UP_PATHS = {
  date: `${LINE}.services.courierPickUp.pickUpTime.date`,
  from: `${LINE}.services.courierPickUp.pickUpTime.from`,
  till: `${LINE}.services.courierPickUp.pickUpTime.till`,
  comment: `${LINE}.services.courierPickUp.comment`,
} as const;

/** The courier pick-up of step 1 (SPEC §5): the shared fields on the wizard's draft and its violations. */
export function CourierPickUpFields() {
  const pickUp = useOrderFlow((state) => state.draft.courierPickUp);
  const senderPostCode = useOrderFlow((state) => state.draft.sender.address.postCode);
  const update = useOrderFlow((state) => state.update);
  const { errorFor } = useFieldErrors();
  const setPickUp = (change: Partial<CourierPickUpDraft>) =>
    update((current) => ({ courierPickUp: { ...current.courierPickUp, ...change } }));
  return (
    <CourierPickUpInputs
      pickUp={pickUp}
      onChange={setPickUp}
      senderPostCode={senderPostCode}
      errors={{
        date: errorFor(COURIER_PICK_UP_PATHS.date),
        from: errorFor(COURIER_PICK_UP_PATHS.from),
        till: errorFor(COURIER_PICK_UP_PATHS.till),
        comment: errorFor(COURIER_PICK_UP_PATHS.comment),
      }}
    />
  );
}
