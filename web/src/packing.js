// Bytes as text for what a learner's work travels in (a share link's #c=, an LMS's
// suspend_data): base64url, and deflate-raw whose inflating stops at a bound, so that a small
// hostile text cannot grow into megabytes. (share.js, a chunk of its own, writes links with its
// own few lines, so as to need nothing of the first load's.)

/** base64url without padding: toBase64Url(new Uint8Array([251, 255])) -> "-_8" */
export function toBase64Url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url text (throws on one that is not). */
export const fromBase64Url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** Piped through a CompressionStream or DecompressionStream, piece by piece; null past `limit` bytes. */
async function pipe(bytes, stream, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const pieces = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    pieces.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

export const deflateRaw = (bytes) => pipe(bytes, new CompressionStream("deflate-raw"), Infinity);

/** The inflated bytes, or null when they would pass `limit` bytes (throws on data that is not deflate). */
export const inflateRaw = (bytes, limit) => pipe(bytes, new DecompressionStream("deflate-raw"), limit);
