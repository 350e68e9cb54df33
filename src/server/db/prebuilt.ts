// Statements of the booking path built once, not on every call. Drizzle builds a statement's text from its
// parts each time it runs (a fifth of a booking's busy CPU time went there); a prebuilt statement is built once with
// placeholders (`sql.placeholder`) and each call only encodes its values into the parameters, as drizzle would, and
// runs it on the executor it is given: the database or a transaction (drizzle's own `.prepare()` is bound to the
// connection pool it was made on, so it cannot run in a transaction).
import { is, Param, Placeholder, type Query } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Encoder = { mapToDriverValue(value: unknown): unknown };
/** A parameter: a value given by name (with its column's encoder, when compared with or written to a column), or a constant. */
type Slot = { name: string; encoder: Encoder | null } | { constant: unknown };

/** The fields of a selection or a table's columns, in their order, as drizzle maps a row of them. */
export function fieldsOf(selection: Record<string, unknown>): SelectedFieldsOrdered {
  return Object.entries(selection).map(([key, field]) => ({ path: [key], field })) as unknown as SelectedFieldsOrdered;
}

/** `query`: a builder's `toSQL()` with placeholders; `fields`: what its rows hold (`fieldsOf`), mapped as drizzle maps them. */
export function prebuilt<Row>(query: Query, fields: SelectedFieldsOrdered) {
  const slots = query.params.map((param): Slot => {
    if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder as Encoder };
    if (is(param, Placeholder)) return { name: param.name, encoder: null };
    return { constant: param };
  });
  return async (executor: Pick<Db, '_'>, values: Record<string, unknown>): Promise<Row[]> => {
    const params = slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      if (!(slot.name in values)) throw new Error(`no value for ${slot.name}`);
      const value = values[slot.name];
      // As drizzle: null is NULL, not its column's encoding of null (a JSON column would store the JSON null).
      return value === null || !slot.encoder ? value : slot.encoder.mapToDriverValue(value);
    });
    const statement = executor._.session.prepareQuery({ sql: query.sql, params }, fields, undefined, true);
    return (await statement.execute()) as Row[];
  };
}
