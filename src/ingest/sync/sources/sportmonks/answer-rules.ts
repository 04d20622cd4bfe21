import type { SmFixture, SmFixturesAnswer } from './schemas.js';
import { isKnownState } from './states.js';

function fixtureProblem(fixture: SmFixture): string | undefined {
  const state = fixture.state.developer_name;
  if (!isKnownState(state)) {
    return `fixture ${fixture.id} is in state ${state}, which is not in the documented states`;
  }
  const locations = fixture.participants.map((p) => p.meta.location).sort();
  if (locations.length > 2 || (locations.length === 2 && locations[0] === locations[1])) {
    return `fixture ${fixture.id} does not have one home and one away participant`;
  }
  return undefined;
}

/**
 * The documented rules a schema cannot say: times are UTC unless a `timezone` parameter was
 * sent (the adapter sends none), every state is one of the documented states, and a fixture's
 * two participants are one home and one away.
 */
export function refuseFixtures(answer: SmFixturesAnswer): string | undefined {
  if (answer.timezone !== undefined && answer.timezone !== 'UTC') {
    return `times are in ${answer.timezone}, not UTC`;
  }
  for (const fixture of answer.data) {
    const problem = fixtureProblem(fixture);
    if (problem) {
      return problem;
    }
  }
  return undefined;
}
