// A parsed document as the engine takes a loaded one, for tests that build documents in
// memory: no file behind it, every place its own file and pointer.
import type { LoadedDocument } from "@signing-platform/contract/openapi-loader";

export const inMemoryDocument = (data: Record<string, any>, file: string): LoadedDocument => ({
  file,
  path: `/${file}`,
  text: "",
  data,
  locate: () => undefined,
  bundled: () => ({ data, placeOf: (pointer) => ({ file, pointer }) }),
});
