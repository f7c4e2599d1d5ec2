/**
 * An error with a machine-readable `reason` besides its English message: the client says the
 * reason in the user's language, the server sends the message. A subclass names its reasons and
 * sets its `name`.
 */
export class ReasonError<Reason extends string> extends Error {
  readonly reason: Reason;
  constructor(reason: Reason, message: string) {
    super(message);
    this.reason = reason;
  }
}
