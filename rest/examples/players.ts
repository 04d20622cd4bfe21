/** GET /v1/football/players/{playerId}: a player with every optional field given. */
export const PLAYER = {
  id: 7311,
  name: 'Cole Palmer',
  nameOriginal: 'Cole Palmer',
  team: { id: 41, name: 'Chelsea' },
  position: 'Midfielder',
  nationality: 'England',
  birthDate: '2002-05-06',
};
