/** GET /v1/football/search?q=arsenal: two clubs told apart by their country. */
export const SEARCH_RESULTS = [
  {
    type: 'team',
    id: 1,
    name: 'Arsenal',
    nameOriginal: 'Arsenal FC',
    country: 'England',
    matched: 'Arsenal',
  },
  {
    type: 'team',
    id: 1804,
    name: 'Arsenal de Sarandí',
    nameOriginal: 'Arsenal de Sarandí',
    country: 'Argentina',
    matched: 'Arsenal de Sarandí',
  },
];
