// What calls.ts and calls.py must put on the wire, request by request: one list, so the
// TypeScript and the Python SDK are held to the same bytes.
const part = (headers: string, content: string) => `--BOUNDARY\r\n${headers}\r\n\r\n${content}\r\n`;

export const expectedWire = [
  {
    method: "POST",
    url: "/v1/customers",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: [
      "name=Jenny%20Rosen",
      "email=jenny%2Btest%40example.com",
      "balance=12.5",
      "active=true",
      "metadata[order_id]=6735",
      "metadata[note%20key]=a%26b%3Dc",
      "expand[]=customer",
      "expand[]=invoice.subscription",
      "items[0][price]=price_1",
      "items[0][quantity]=2",
      "items[1][price]=price_2",
      "tags=a,b%2Cc",
      "media_url=https%3A%2F%2Fexample.com%2Fa.png",
      "media_url=https%3A%2F%2Fexample.com%2Fb.png",
      "line1=1%20Main%20St",
      "city=Z%C3%BCrich",
    ].join("&"),
  },
  {
    method: "POST",
    url: "/v1/notes",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: '{"body":"prefers JSON"}',
  },
  {
    method: "PUT",
    url: "/v1/notes/note%201/text",
    headers: { "content-type": "text/plain", accept: "text/plain" },
    body: "Grüße, world\n",
  },
  {
    method: "POST",
    url: "/v1/files",
    headers: { "content-type": "multipart/form-data; boundary=BOUNDARY", accept: "application/json" },
    body: [
      part('Content-Disposition: form-data; name="purpose"', "identity_document"),
      part('Content-Disposition: form-data; name="file"; filename="passport.png"\r\nContent-Type: image/png', "PNG-bytes"),
      part('Content-Disposition: form-data; name="attachments"; filename="attachments"\r\nContent-Type: application/octet-stream', "first"),
      part(
        'Content-Disposition: form-data; name="attachments"; filename="attachments"\r\nContent-Type: application/octet-stream',
        "second",
      ),
      part('Content-Disposition: form-data; name="meta"\r\nContent-Type: application/json', '{"pages":2}'),
      part('Content-Disposition: form-data; name="count"', "3"),
      "--BOUNDARY--\r\n",
    ].join(""),
  },
  {
    method: "PUT",
    url: "/v1/files/file_1/content",
    headers: { "content-type": "application/octet-stream", accept: "application/json" },
    body: "chunk-1;chunk-2",
  },
  { method: "GET", url: "/v1/files/file_1/content", headers: { accept: "application/pdf" }, body: "" },
  { method: "GET", url: "/v1/files/missing/content", headers: { accept: "application/pdf" }, body: "" },
  {
    method: "GET",
    url: [
      "/v1/search/a,b%20c/.x.y/;x=1;y=2?tags=t1&tags=t2",
      "colors=red,green",
      "words=hello%20world",
      "levels=1|2|3",
      "metadata[key1]=value1",
      "metadata[key%202]=value%2F2",
      "gte=10",
      "lt=20",
      "q=it%27s%20%28%2A%29%20~%20ok%21",
      // allowReserved: the reserved characters bare, but those that would break the query.
      "within=/files/a:b?c[0]@x!$%27()*,;%26d%3De%23f%2Bg%20h",
      "exact=false",
      "filter=%7B%22a%22%3A1%2C%22b%22%3A%5B%22x%20y%22%5D%7D",
    ].join("&"),
    headers: { accept: "application/json", "x-trace": "t-1,t-2", cookie: "session=s%201%3B2" },
    body: "",
  },
  ...[1, 2].map(() => ({
    method: "PUT",
    url: "/v1/files/retry/content",
    headers: { "content-type": "application/octet-stream", accept: "application/json" },
    body: "sent twice",
  })),
];

/** What the calls return, the same in both languages. */
export const expectedResults = [
  { ok: true },
  { ok: true },
  "hello",
  { ok: true },
  { ok: true },
  { text: "%PDF-1.7 fake" },
  { status: 404, message: "No such file." },
  { ok: true },
  { ok: true },
];
