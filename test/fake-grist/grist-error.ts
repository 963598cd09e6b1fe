/** The fake Grist's error answers, shared by the server and its access module. */

/** An error answer: `{"error": message}` with this status (docs/grist-api.md "Errors and limits"). */
export class GristError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Grist's `details` beside the error, when it gives some. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
