// What a resource method returns (the call style of stripe-node and the Stainless SDKs):
// awaited, it gives the response body or rejects with the typed ApiError; `withResponse()`
// also gives the Response and the metadata (request id, rate limit, entity tag, attempts).
// The request is sent at once, whether or not anyone awaits it.
import type { ResponseMeta } from "../metadata.js";
import type { CallOutcome } from "../call-types.js";

/** A response body with the response it came in and its metadata. */
export interface WithResponse<Data> {
  /** The response body. */
  data: Data;
  /** The last response; its body has been read. */
  response: Response;
  /** The request id, rate limit, entity tag and attempts of the call. */
  meta: ResponseMeta;
}

/** What a resource method returns: awaited, the response body, or a rejection with the typed ApiError; `withResponse()` also gives the response and metadata. */
export class APIPromise<Data> implements PromiseLike<Data> {
  readonly #outcome: Promise<CallOutcome>;
  #data: Promise<Data> | undefined;

  constructor(outcome: Promise<CallOutcome>) {
    this.#outcome = outcome;
    // A caller who never awaits must not get an unhandled rejection (an aborted signal).
    outcome.catch(() => {});
  }

  /** The body with the response it came in. A 304 with no cached body gives `data: undefined`. */
  withResponse(): Promise<WithResponse<Data>> {
    return this.#outcome.then((result) => {
      if (result.error) throw result.error;
      return { data: result.data as Data, response: result.response, meta: result.meta };
    });
  }

  /** Resolves with the response body, or rejects with the call's ApiError. */
  then<Fulfilled = Data, Rejected = never>(
    onfulfilled?: ((value: Data) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onrejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    this.#data ??= this.withResponse().then((result) => result.data);
    return this.#data.then(onfulfilled, onrejected);
  }

  /** Handles the call's ApiError, as `Promise.prototype.catch`. */
  catch<Rejected = never>(onrejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null): Promise<Data | Rejected> {
    return this.then(undefined, onrejected);
  }

  /** Runs `onfinally` once the call settles, as `Promise.prototype.finally`. */
  finally(onfinally?: (() => void) | null): Promise<Data> {
    return this.then().finally(onfinally);
  }

  /** `"APIPromise"`, for `Object.prototype.toString`. */
  get [Symbol.toStringTag](): string {
    return "APIPromise";
  }
}
