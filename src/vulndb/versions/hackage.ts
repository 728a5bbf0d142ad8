/** Hackage versions (`Data.Version`): see cran.ts, which holds both integer-sequence orderings. */
import { compareSequences, hackageOrdering, parseHackage } from './cran.ts';

export const parse = parseHackage;
export const compareParsed = compareSequences;
export const compare = hackageOrdering.compare;
export const isValid = hackageOrdering.isValid;
