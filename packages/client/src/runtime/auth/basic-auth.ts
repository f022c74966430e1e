// HTTP basic credentials (RFC 7617): `user-id:password` in UTF-8, then base64. btoa takes
// Latin-1 only, so the UTF-8 bytes are handed to it one per character.
export function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const basicAuthorization = (username: string, password: string): string => `Basic ${base64Utf8(`${username}:${password}`)}`;
