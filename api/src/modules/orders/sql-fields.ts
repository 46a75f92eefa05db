import { type SQL, sql } from 'drizzle-orm';

/**
 * A select field whose columns keep their table's name. On a query of one table, drizzle writes the
 * columns of a field's SQL bare (`"id"`); in a correlated subquery over order lines, `orders.id`
 * would then name the line's own `id`. Nested SQL is written as it is, qualified.
 */
export const qualified = <T>(field: SQL<T>): SQL<T> => sql<T>`${field}`;
