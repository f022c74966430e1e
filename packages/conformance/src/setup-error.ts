// A run that cannot start for a reason the person running it can fix: a token that cannot be
// had, credentials the server refuses, a base URL under which nothing of the API answers. One
// line that says what to check, instead of a report in which every check fails.
/** A run that cannot start for a reason the person running it can fix (a token that cannot be had, refused credentials, a base URL where the API does not answer); the message says what to check. */
export class SetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SetupError";
  }
}
