/**
 * A replay that cannot run as asked: a file that is not StatsBomb data (the message names the
 * file and, where it applies, the event's position in it), or a match id already used by another
 * match. The command line shows the message as its one-line reason.
 */
export class ReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayError';
  }
}
