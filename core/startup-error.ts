// A failure to start that the person starting the service can fix: printed as one line, never a stack trace.

export class StartupError extends Error {
  /** Exit status of the process: 2 for a bad setting (like bad command-line input), 1 otherwise. */
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'StartupError';
    this.exitCode = exitCode;
  }
}
