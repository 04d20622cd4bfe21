/**
 * `/live/view.js`, a browser module: the day's matches as one table per competition, and each
 * change applied to its row in place (score, clock, status, the last goals and cards). Built
 * with DOM calls, never HTML strings: names are data.
 */
export const VIEW_JS = `// touchline /live: the scoreboard.
const STATUS_TEXT = {
  FINISHED: ['FT', 'Full time'],
  POSTPONED: ['Postp.', 'Postponed'],
  CANCELLED: ['Canc.', 'Cancelled'],
  ABANDONED: ['Aband.', 'Abandoned'],
  SUSPENDED: ['Susp.', 'Suspended'],
};
const EVENT_TEXT = {
  GOAL: 'Goal',
  PENALTY: 'Penalty goal',
  OWN_GOAL: 'Own goal',
  YELLOW: 'Yellow card',
  SECOND_YELLOW: 'Second yellow',
  RED: 'Red card',
};
/** How many of a match's goals and cards its row lists, newest first. */
const RECENT = 4;
const HONG_KONG_MS = 8 * 60 * 60 * 1000;

function el(tag, attributes, children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name === 'text') {
      node.textContent = value;
    } else {
      node.setAttribute(name, value);
    }
  }
  for (const child of children || []) {
    node.append(child);
  }
  return node;
}

const pad = (n) => String(n).padStart(2, '0');

/** The clock cell: kick-off (Hong Kong time), the minute, or the status; and what it says. */
function clockOf(match) {
  if (match.status === 'LIVE') {
    const minute = match.minute || '';
    if (minute === 'HT') {
      return ['HT', 'Half time'];
    }
    return [minute ? minute + "'" : 'Live', minute ? 'Live, minute ' + minute : 'Live'];
  }
  if (match.status === 'SCHEDULED') {
    const at = new Date(Date.parse(match.kickoffUtc) + HONG_KONG_MS);
    const time = pad(at.getUTCHours()) + ':' + pad(at.getUTCMinutes());
    return [time, 'Kick-off ' + time];
  }
  return STATUS_TEXT[match.status] || [match.status, match.status];
}

const scoreOf = (match) => (match.score ? match.score.current : '-');

function teamCell(team, which) {
  const crest = el('img', { src: team.logo, alt: '', width: '24', height: '24', loading: 'lazy', decoding: 'async' });
  const name = el('span', { text: team.name });
  // Home reads "name crest", away "crest name": both crests sit next to the score.
  const side = el('div', { class: 'side' }, which === 'home' ? [name, crest] : [crest, name]);
  return el('td', { class: 'team ' + which }, [side]);
}

/** One match: its row, and below it the row of its recent goals and cards (hidden until any). */
function createRow(match) {
  const clock = el('td', { class: 'clock' });
  const score = el('td', { class: 'score', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const row = el('tr', { id: 'match-' + match.id, class: 'match' }, [
    clock,
    teamCell(match.home, 'home'),
    score,
    teamCell(match.away, 'away'),
  ]);
  const list = el('ul', { class: 'events', 'aria-label': 'Goals and cards' });
  const eventsRow = el('tr', { class: 'events-row', hidden: '' }, [
    el('td', { colspan: '4' }, [list]),
  ]);
  return { match, row, clock, score, eventsRow, list, names: { HOME: match.home.name, AWAY: match.away.name } };
}

function showEvents(entry, events) {
  const shown = events.filter((e) => EVENT_TEXT[e.type]).slice(-RECENT).reverse();
  entry.list.replaceChildren(
    ...shown.map((e) => {
      const what = EVENT_TEXT[e.type] + ', ' + entry.names[e.side] + (e.player ? ': ' + e.player : '');
      const after = e.score ? ' (' + e.score + ')' : '';
      return el('li', { class: 'event ' + e.type.toLowerCase() }, [
        el('span', { class: 'mark', 'aria-hidden': 'true' }),
        el('span', { class: 'event-clock', text: e.clock + "'" }),
        ' ' + what + after,
      ]);
    }),
  );
  entry.eventsRow.hidden = shown.length === 0;
}

/** Writes a match's state into its row; a changed score flashes. */
function patch(entry, match) {
  const [clockText, clockLabel] = clockOf(match);
  entry.clock.replaceChildren(
    el('span', { 'aria-hidden': 'true', text: clockText }),
    el('span', { class: 'visually-hidden', text: clockLabel }),
  );
  entry.row.dataset.status = match.status;
  entry.row.classList.toggle('live', match.status === 'LIVE');
  const score = scoreOf(match);
  if (entry.score.textContent !== score) {
    if (entry.score.textContent !== '') {
      entry.score.classList.remove('changed');
      void entry.score.offsetWidth;
      entry.score.classList.add('changed');
    }
    entry.score.textContent = score;
  }
  if (Array.isArray(match.events)) {
    showEvents(entry, match.events);
  }
  entry.match = match;
}

const byKickoff = (a, b) => Date.parse(a.kickoffUtc) - Date.parse(b.kickoffUtc) || a.id - b.id;

/** The board in root: show(matches) draws the day, update(match) applies one change. */
export function createBoard(root) {
  const entries = new Map();
  const groups = new Map();

  function groupOf(name) {
    let group = groups.get(name);
    if (!group) {
      const heading = el('h2', { id: 'competition-' + (groups.size + 1), text: name });
      const body = el('tbody');
      const table = el('table', { 'aria-labelledby': heading.id }, [
        el('thead', {}, [
          el('tr', {}, [
            el('th', { scope: 'col', class: 'clock', text: 'Time' }),
            el('th', { scope: 'col', class: 'home', text: 'Home' }),
            el('th', { scope: 'col', class: 'score', text: 'Score' }),
            el('th', { scope: 'col', class: 'away', text: 'Away' }),
          ]),
        ]),
        body,
      ]);
      group = { body };
      groups.set(name, group);
      root.append(el('section', { class: 'competition' }, [heading, table]));
    }
    return group;
  }

  function add(match) {
    const entry = createRow(match);
    entries.set(match.id, entry);
    groupOf((match.competition && match.competition.name) || 'Other').body.append(entry.row, entry.eventsRow);
    patch(entry, match);
  }

  return {
    show(matches) {
      const kept = new Map([...entries].map(([id, entry]) => [id, entry.match]));
      entries.clear();
      groups.clear();
      root.replaceChildren();
      if (matches.length === 0) {
        root.append(el('p', { class: 'empty', text: 'No matches today.' }));
      }
      for (const match of [...matches].sort(byKickoff)) {
        // Goals and cards seen on an earlier stream stay listed (the day's list has none).
        const before = kept.get(match.id);
        add(before && before.events && !match.events ? { ...match, events: before.events } : match);
      }
    },
    /** A change: its row is updated; a match not listed yet is added once it is live. */
    update(match) {
      const entry = entries.get(match.id);
      if (entry) {
        patch(entry, match);
      } else if (match.status === 'LIVE') {
        root.querySelector('.empty')?.remove();
        add(match);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
`;
