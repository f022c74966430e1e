// The async client's signatures (_async_api.py) are the sync client's, with what it gives to
// iterate made async: a list is an AsyncIterator (`async for`), a stream an AsyncEventStream.
// Its methods take the same parameters; those that make one call are `async def`.

/** A sync signature's type as the async client writes it. */
export function asyncType(type: string): string {
  return type.replace(/\bIterator\[/g, "AsyncIterator[").replace(/\bEventStream\[/g, "AsyncEventStream[");
}
