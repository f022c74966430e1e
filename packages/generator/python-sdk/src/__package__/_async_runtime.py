# The async client's transport: the API's conventions as _runtime.py's Conventions applies them
# (the call prepared, each answer judged, the ETag cache, the pages of a list), sent with
# httpx.AsyncClient. httpx is the SDK's optional extra `async`: it is imported when an
# AsyncClient is made, never when the package is, so the sync client needs nothing but the
# standard library. A token function and the OAuth token endpoint (_security.py) are called on
# a worker thread, so that they never hold up the event loop.
from __future__ import annotations

import asyncio
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Mapping, Optional, TypeGuard

from ._pages import NextPage
from ._runtime import Call, ClientOptions, Conventions, Response
from ._stream_media import stream_framing

if TYPE_CHECKING:
    import httpx

AsyncSleep = Callable[[float], Awaitable[None]]


class AsyncTransport(Conventions):
    """Sends calls by the API's conventions over httpx: keys, retries, token refresh, the ETag cache."""

    def __init__(self, description: Mapping[str, Any], options: ClientOptions, *, sleep: AsyncSleep, distribution: str) -> None:
        super().__init__(description, options)
        try:
            import httpx
        except ImportError as error:
            raise ImportError(f"AsyncClient needs httpx, which {distribution}'s extra `async` installs: pip install '{distribution}[async]'") from error

        #: Waits (seconds) are awaited here: tests give a function that records them.
        self.sleep = sleep
        # As urllib sends for the sync client: redirects followed, and no cookie kept from one call
        # to the next (a jar that refuses every domain); the cookies sent are the call's own.
        self.http = httpx.AsyncClient(
            verify=options.ssl_context or True, follow_redirects=True, cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[]))
        )

    async def aclose(self) -> None:
        """Closes the connections the client keeps open."""
        await self.http.aclose()

    async def request(self, method: str, path: str, **call: Any) -> Response:
        """One call, retried as its answers say; the keywords are those of Conventions.prepare."""
        import httpx

        prepared = self.prepare(method, path, **call)
        # Only what may call a token function or a token endpoint leaves the event loop.
        off_loop = self.options.token_provider is not None or self.options.authorizer is not None
        while True:
            authorization = await asyncio.to_thread(self.credentials, prepared) if off_loop else self.credentials(prepared)
            url, headers = self.sending(prepared, authorization)
            try:
                response = await self._send(prepared, url, headers)
            # No answer: refused, reset, timed out, a TLS handshake failed, or an answer HTTP cannot read.
            except httpx.TransportError as error:
                await self.sleep(self.after_no_answer(prepared, error))
                continue
            outcome = self.after_answer(prepared, response, authorization)
            if isinstance(outcome, Response):
                return outcome
            if outcome.refresh:
                await asyncio.to_thread(self.refresh, authorization)
            else:
                await self.sleep(outcome.wait)

    async def _send(self, call: Call, url: str, headers: Mapping[str, str]) -> Response:
        request = self.http.build_request(call.method, url, headers=dict(headers), content=call.data, timeout=call.timeout)
        answer = await self.http.send(request, stream=True)
        if call.streamed and 200 <= answer.status_code <= 299 and stream_framing(answer.headers.get("content-type")) is not None:
            # Left unread, the open response as the body: its AsyncEventStream (_async_streaming.py) reads the events as they arrive.
            response = self.response(call, answer.status_code, dict(answer.headers.items()), b"")
            response.body = answer
            return response
        try:
            raw = await answer.aread()
        finally:
            await answer.aclose()
        return self.response(call, answer.status_code, dict(answer.headers.items()), raw)

    def is_stream(self, body: Any) -> TypeGuard[httpx.Response]:
        """Whether a response's body is a stream left open (`_send`), rather than a body read whole."""
        import httpx

        return isinstance(body, httpx.Response)

    def paginate(
        self,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        sdk_method: Optional[str] = None,
        **call: Any,
    ) -> AsyncIterator[Any]:
        """Every item of a list, page after page, for `async for`, each next page asked for as the
        operation's page shape says (_pages.py); the keywords are those of Conventions.prepare.

        The page size is checked now, when the list is asked for; the pages are asked for as
        the items are used.
        """
        shape, params = self.list_plan(path, query, sdk_method)
        return self._pages(path, shape, params, call)

    async def _pages(self, path: str, shape: Mapping[str, Any], params: dict[str, Any], call: Mapping[str, Any]) -> AsyncIterator[Any]:
        asked: Optional[NextPage] = None
        while True:
            response = await self.request("GET", path, query=params, url=asked.get("url") if asked else None, **call)
            items = self.items_of(shape, response)
            for item in items:
                yield item
            following = self.page_after(shape, response, items, params, asked)
            if following is None:
                return
            asked, params = following

