/**
 * The Kysely database type. Each domain adds its tables by augmenting this interface from its own
 * `<domain>.table.ts` (declaration merging), so no central file lists every table.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
