/**
 * DATABASE_REPLICA_URLS (docs/scale.md "Read replicas"): a comma list of PostgreSQL URLs of
 * streaming replicas of DATABASE_URL. Checked apart from the JSON schema because its problems are
 * about the list (an empty entry, a repeat, the primary itself) and about DATABASE_URL. The URLs
 * may carry passwords: a problem names the entry by its position, never by its text.
 */
const POSTGRES_URL = /^postgres(ql)?:\/\//;

interface ReplicaUrls {
  urls: string[];
  /** One line per problem; empty when the list is good. */
  problems: string[];
}

export function parseReplicaUrls(text: string | undefined, primaryUrl: string | undefined) {
  const result: ReplicaUrls = { urls: [], problems: [] };
  if (text === undefined) {
    return result;
  }
  const name = 'DATABASE_REPLICA_URLS (value not shown: it may hold passwords)';
  if (!primaryUrl) {
    result.problems.push(
      `${name}: needs DATABASE_URL (replicas are of a PostgreSQL primary; the embedded database has none)`,
    );
    return result;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const [index, url] of entries.entries()) {
    const position = `entry ${index + 1} of ${entries.length}`;
    const earlier = entries.indexOf(url);
    if (url === '') {
      result.problems.push(`${name}: ${position} is empty`);
    } else if (!POSTGRES_URL.test(url)) {
      result.problems.push(`${name}: ${position} is not a postgres:// URL`);
    } else if (url === primaryUrl) {
      result.problems.push(`${name}: ${position} is DATABASE_URL itself, not a replica`);
    } else if (earlier < index) {
      result.problems.push(`${name}: ${position} repeats entry ${earlier + 1}`);
    } else {
      result.urls.push(url);
    }
  }
  return result;
}
