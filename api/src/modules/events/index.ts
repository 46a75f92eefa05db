// The domain events (issue 37 item 2): their kinds declared once with zod, and the one outbox
// producers publish them to in their own transaction; consumers subscribe by type in the
// composition root and get each event as a job of their own kind (modules/jobs' retry policies).

export {
  DOMAIN_EVENT_KINDS,
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventData,
  type DomainEventType,
  type NewDomainEvent,
} from './kinds';
export {
  DomainEvents,
  type EventConsumer,
  type EventHandler,
  type EventPublisher,
  type EventTx,
} from './outbox';
export { trimDomainEvents } from './retention';
