import { addTypenameToDocument, print as apolloPrint } from '@apollo/client/utilities';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  clientTexts,
  urqlText,
  withTypename,
} from '../../../src/graphql/documents/client-forms.js';
import { urqlSends } from '../../helpers/urql.js';

/**
 * The texts the server answers a registered document's hashes under must be the texts the real
 * clients send: urql (@urql/core's `stringifyDocument`, with and without its cacheExchange's
 * `__typename`) and Apollo Client (its `print`, with InMemoryCache's `__typename`).
 */
const DOCUMENTS = {
  comments: `# the match card
query Match($id: Int!) {
  match(id: $id) { id status   home { name } }   # trailing
}`,
  fragments: `query Page($date: String!) { matches(date: $date, pageSize: 5, league: "Premier League, #1") { items { ...Card } } }
fragment Card on Match { id home { name logo } odds { bookmakers { bookmaker { name } } } }`,
  wrapped: `query VeryLongArgumentsThatWrap($date: String = "2026-11-22", $league: String = "Premier League", $status: String) { matches(date: $date, league: $league, status: $status, pageSize: 100, page: 1, tz: 480) { items { id } } }`,
  blockString: `query Block($x: [Int!]! = [1, 2, 3]) @deprecated(reason: """block
string""") { match(id: 1) { id ... on Match @include(if: true) { status } } }`,
  aliasesAndTypename: `{ match(id: 1) { a: id __typename home { t: __typename name } } }`,
};

describe('client texts of a registered document (src/graphql/documents/client-forms.ts)', () => {
  it.each(Object.entries(DOCUMENTS))(
    '%s: urql sends what urqlText makes of the print',
    (_, text) => {
      const document = parse(text);
      const printed = apolloPrint(document);
      expect(urqlText(printed)).toBe(urqlSends(text));
      expect(urqlText(apolloPrint(withTypename(document, 'urql')))).toBe(
        urqlSends(text, { cacheExchange: true }),
      );
    },
  );

  it.each(Object.entries(DOCUMENTS))(
    '%s: Apollo sends the print with __typename where withTypename puts it',
    (_, text) => {
      const document = parse(text);
      expect(apolloPrint(withTypename(document, 'apollo'))).toBe(
        apolloPrint(addTypenameToDocument(parse(text))),
      );
    },
  );

  it('lists each distinct text once: print and urql forms, with and without __typename', () => {
    const document = parse(DOCUMENTS.fragments);
    const texts = clientTexts(document);
    expect(texts).toHaveLength(4);
    expect(texts).toContain(urqlSends(DOCUMENTS.fragments));
    expect(texts).toContain(urqlSends(DOCUMENTS.fragments, { cacheExchange: true }));
    expect(texts).toContain(apolloPrint(addTypenameToDocument(parse(DOCUMENTS.fragments))));
    // One operation without fragments or strings: urql's text is the print itself.
    expect(clientTexts(parse(DOCUMENTS.comments))).toHaveLength(2);
  });

  it('adds no __typename to an operation root, nor where the client sees the type selected', () => {
    const document = parse(DOCUMENTS.aliasesAndTypename);
    const home = (client: 'urql' | 'apollo') =>
      apolloPrint(withTypename(document, client)).split('home ')[1];
    // urql adds one beside an aliased __typename; Apollo does not.
    expect(home('urql')).toBe(
      '{\n      t: __typename\n      name\n      __typename\n    }\n  }\n}',
    );
    expect(home('apollo')).toBe('{\n      t: __typename\n      name\n    }\n  }\n}');
    expect(apolloPrint(withTypename(document, 'urql'))).toMatch(/^\{\n {2}match\(id: 1\) \{\n/);
  });
});
