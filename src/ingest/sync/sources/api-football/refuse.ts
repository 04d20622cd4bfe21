import type { Static } from 'typebox';
import type { FixturesAnswer, ProviderErrors, ProviderFixture } from './schemas.js';

type Errors = Static<typeof ProviderErrors>;

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * API-Football's documented quirk: a bad key, a plan limit, the daily quota or a bad parameter
 * is answered with HTTP 200, an empty `response` and the reason in `errors`
 * (`{"token": "Error/Missing application key..."}`, `{"plan": "Free plans do not have access to
 * this season..."}`). Such an answer says nothing about football: it is refused with the
 * provider's own words.
 */
export function providerErrors(answer: { errors: Errors }): string | undefined {
  const { errors } = answer;
  const messages = Array.isArray(errors)
    ? errors.map(text)
    : Object.entries(errors).map(([key, value]) => `${key}: ${text(value)}`);
  return messages.length === 0 ? undefined : `API-Football says ${messages.join('; ')}`;
}

/** Events, team sheets and statistics belong to one of the fixture's two teams. */
function foreignTeam(item: ProviderFixture): string | undefined {
  const teams = new Set([item.teams.home.id, item.teams.away.id]);
  const listed = [
    ...(item.events ?? []).map((e) => e.team.id),
    ...(item.lineups ?? []).map((l) => l.team.id),
    ...(item.statistics ?? []).map((s) => s.team.id),
  ];
  const stranger = listed.find((id) => !teams.has(id));
  return stranger === undefined
    ? undefined
    : `fixture ${item.fixture.id} lists team ${stranger}, neither its home nor its away team`;
}

/** The refusal rule of a `/fixtures` answer; `asked`: the ids requested, when asked by ids. */
export function refuseFixtures(asked?: ReadonlySet<number>) {
  return (answer: FixturesAnswer): string | undefined => {
    const errors = providerErrors(answer);
    if (errors) {
      return errors;
    }
    for (const item of answer.response) {
      if (asked && !asked.has(item.fixture.id)) {
        return `fixture ${item.fixture.id} was not asked for`;
      }
      const reason = foreignTeam(item);
      if (reason) {
        return reason;
      }
    }
    return undefined;
  };
}
