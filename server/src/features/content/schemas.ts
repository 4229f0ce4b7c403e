import { Type, type Static } from '@sinclair/typebox';

/** An invite or refund banner. */
export const Banner = Type.Object({ image: Type.String(), html: Type.String() });
export type Banner = Static<typeof Banner>;
