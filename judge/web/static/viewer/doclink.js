// A JSON document carried in a link's fragment: "#<key>=<base64url of its UTF-8 JSON>".
// Used to share a position (the position editor's "link to this position") and to start a
// recording from one ("/record#position=..."): no server storage, so it works offline, in
// embedded mode and in a file; the fragment never reaches a server's logs.

export function docToParam(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function docFromParam(param) {
  const b64 = param.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

// The fragment's fields ("#a=1&b=2") as a Map; values are left encoded.
export function hashParams(hash) {
  const m = new Map();
  for (const part of (hash || "").replace(/^#/, "").split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    m.set(i < 0 ? part : part.slice(0, i), i < 0 ? "" : part.slice(i + 1));
  }
  return m;
}

export function docLink(path, key, doc) {
  return `${path}#${key}=${docToParam(doc)}`;
}
