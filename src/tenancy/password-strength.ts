/**
 * Refuses the commonest and breached-pattern passwords (zxcvbn-ts with its common dictionaries: leaked-password
 * lists, names, keyboard walks, dates, repeats) beyond the length rule.
 */
import zxcvbnCore from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** zxcvbn's score 0-4; 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const MIN_PASSWORD_SCORE = 3;
/** Only the start is scored: matching is super-linear and a longer password is long enough anyway. */
const SCORED_LENGTH = 100;

// Loading the dictionaries costs ~190 ms, so it happens on the first password set, not at start-up.
let factory: InstanceType<typeof zxcvbnCore.ZxcvbnFactory> | undefined;

/** The reason a password is too easy to guess, or undefined when it is strong enough. */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | undefined {
  factory ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  const result = factory.check(password.slice(0, SCORED_LENGTH), userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const warning = result.feedback.warning;
  const why =
    warning === 'common' || warning === 'similarToCommon' || warning === 'topTen' || warning === 'topHundred'
      ? 'is one of the commonest passwords or a small change of one'
      : 'is too easy to guess (a common word, name, pattern, repeat or sequence)';
  return `${why}; use a few unrelated words or a password manager`;
}
