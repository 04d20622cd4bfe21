/** Where a validation error was found: the file, and when known the line and JSON pointer. */
interface ErrorLocation {
  file: string;
  line?: number | undefined;
  field?: string | undefined;
}

/**
 * An import folder that cannot be imported as it is. Nothing has been written when this is
 * thrown: every record is validated before the write transaction starts.
 */
export class ImportValidationError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  readonly reason: string;

  constructor(location: ErrorLocation, reason: string) {
    super(`${describeLocation(location)}: ${reason}`);
    this.name = 'ImportValidationError';
    this.file = location.file;
    this.line = location.line;
    this.field = location.field;
    this.reason = reason;
  }
}

function describeLocation({ file, line, field }: ErrorLocation): string {
  const parts = [line === undefined ? file : `${file} line ${line}`];
  if (field !== undefined) {
    parts.push(`field ${field === '' ? '/' : field}`);
  }
  return parts.join(', ');
}
