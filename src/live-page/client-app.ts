/**
 * `/live/app.js`, the page's entry module: the key form (the key lives in sessionStorage, for
 * this tab only, and goes out in the Authorization header, never in a URL), then a loop that
 * opens the one `liveMatches` subscription, loads the day's list (changes that arrive meanwhile
 * wait), and applies every change in place; when the stream ends or fails it says why and starts
 * again after a backoff, list included (a GraphQL subscription does not resume).
 */
export const APP_JS = String.raw`// touchline /live: the key, the connection loop and its indicator.
import { follow, LiveError, query, subscribe } from './stream.js';
import { createBoard } from './view.js';

const KEY_ITEM = 'touchline.key';
/** Costs nothing beyond the list (docs/graphql.md): these fields are the list route's payload. */
const MATCH = 'id status minute kickoffUtc competition { name } home { name logo } away { name logo } score { current }';
const LIST = 'query LiveBoard($page: Int) { matches(tz: 480, pageSize: 100, page: $page) { pageInfo { totalPages } items { ' + MATCH + ' } } }';
/** A match's fields inside an event are free: the subscription was charged once, when it opened. */
const CHANGES = 'subscription LiveBoard { liveMatches { seq match { ' + MATCH + ' events { clock type side player score } } } }';
/** A day of more than 100 matches takes more pages (one unit each); never more than these. */
const MAX_PAGES = 5;
/** Refusals that another try would only repeat: the key has to change. */
const FINAL = new Set(['unauthorized', 'key_invalid', 'key_expired', 'ip_not_allowed', 'tier_insufficient', 'quota_exceeded']);
const BACKOFF_MS = [1000, 2000, 5000, 10000, 30000];
/** A stream that stayed up this long was healthy: the next failure starts the backoff again. */
const HEALTHY_MS = 60000;

const $ = (id) => document.getElementById(id);
const board = createBoard($('board'));
const form = $('key-form');
const input = $('key');
const indicator = $('connection');
let session = null;

function indicate(state, text) {
  indicator.dataset.state = state;
  indicator.querySelector('.text').textContent = text;
}

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function loadDay(key, signal) {
  const items = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { matches } = await query(key, LIST, { page }, signal);
    items.push(...matches.items);
    if (page >= matches.pageInfo.totalPages) {
      break;
    }
  }
  return items;
}

/** One connection: subscribe, then list the day, then follow until the stream ends. */
async function connect(key, signal) {
  indicate('connecting', 'Connecting...');
  const connection = new AbortController();
  signal.addEventListener('abort', () => connection.abort(), { once: true });
  const response = await subscribe(key, CHANGES, connection.signal);
  let waiting = [];
  const apply = (data) => {
    const change = data.liveMatches;
    if (!change || !change.match) {
      return;
    }
    if (waiting) {
      waiting.push(change.match);
    } else {
      board.update(change.match);
    }
  };
  const ended = follow(response, apply);
  try {
    const day = await loadDay(key, connection.signal);
    if (signal.aborted) {
      throw new LiveError('aborted', 'Closed');
    }
    board.show(day);
  } catch (error) {
    ended.catch(() => {});
    connection.abort();
    throw error;
  }
  for (const match of waiting) {
    board.update(match);
  }
  waiting = null;
  indicate('live', 'Live: updates as they happen');
  return ended;
}

const reasonOf = (error) =>
  error instanceof LiveError ? error : new LiveError('network_error', String((error && error.message) || error));

async function run(key, signal) {
  let failures = 0;
  while (!signal.aborted) {
    const started = Date.now();
    let reason;
    try {
      reason = await connect(key, signal);
    } catch (error) {
      reason = reasonOf(error);
    }
    if (signal.aborted) {
      return;
    }
    if (FINAL.has(reason.code)) {
      indicate('stopped', 'Stopped: ' + reason.code + ' (' + reason.message + ')');
      showForm(true);
      return;
    }
    failures = Date.now() - started > HEALTHY_MS ? 1 : failures + 1;
    const backoff = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1];
    const wait = Math.max(reason.retryAfter ? reason.retryAfter * 1000 : 0, backoff * (0.75 + Math.random() / 2));
    indicate('waiting', 'Disconnected: ' + reason.code + '. Reconnecting in ' + Math.ceil(wait / 1000) + ' s');
    await sleep(wait, signal);
  }
}

function showForm(open) {
  form.hidden = !open;
  $('session').hidden = open;
  if (open) {
    input.focus();
  }
}

function start(key) {
  session?.abort();
  session = new AbortController();
  showForm(false);
  run(key, session.signal);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = input.value.trim().replace(/^Bearer\s+/i, '');
  if (!key) {
    return;
  }
  input.value = '';
  sessionStorage.setItem(KEY_ITEM, key);
  start(key);
});

$('forget').addEventListener('click', () => {
  session?.abort();
  session = null;
  $('board').replaceChildren();
  sessionStorage.removeItem(KEY_ITEM);
  indicate('idle', 'Not connected');
  showForm(true);
});

const stored = sessionStorage.getItem(KEY_ITEM);
if (stored) {
  start(stored);
} else {
  showForm(true);
}
`;
