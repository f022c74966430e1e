// The one way the runtime reaches the network. The transport sends every attempt through a
// FetchLike, and so do the credentials that make requests of their own (a client credentials
// token endpoint; a mutual TLS scheme's fetch, which presents the client certificate): it
// belongs to none of them, and imports nothing.

/** The subset of `fetch` the client uses: global fetch, undici's, or a test double. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
