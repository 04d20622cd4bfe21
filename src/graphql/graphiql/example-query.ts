/** The query GraphiQL opens with: one request for a day's page, nested (docs/graphql.md). */
export const EXAMPLE_QUERY = `# One request for a page: matches with odds, lineups and corner analysis, and what is live.
# Your key goes in the Headers tab: {"Authorization": "Bearer svc_live_..."}
# (on \`npm start\` at 127.0.0.1 with the demo data it holds the demo Pro key: press Run).
query MatchDay {
  matches(pageSize: 5) {
    pageInfo { page pageSize total totalPages }
    items {
      id
      kickoffUtc
      status
      minute
      updatedAt
      competition { id name }
      home { id name logo }
      away { id name logo }
      score { current halfTime }
      odds {
        bookmakers {
          bookmaker { name }
          had { closing { home draw away } }
        }
      }
      lineups { home { formation } away { formation } }
      analysis { cornerAnalysis { home { totalCorners { bucket count } } } }
    }
  }
  # Live now: minutes, scores and in-play prices move every few seconds (docs/live.md).
  liveMatches(first: 5) {
    id
    minute
    home { name }
    away { name }
    score { current }
    corners
    odds { bookmakers { bookmaker { name } had { closing { home draw away } } } }
  }
  usage { rate { remaining } quota { remaining } freeMatches { remaining } }
}
`;
