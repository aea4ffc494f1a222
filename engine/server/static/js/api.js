// The table server's API as the contract fixes it: JSON over HTTP, one WebSocket per seat.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.message || body.detail)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.rule = this.body.rule || null;
  }
}

async function call(method, url, { token = null, body = undefined } = {}) {
  const headers = { "Accept": "application/json" };
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (_) { data = null; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export const api = {
  catalogue: () => call("GET", "/api/web/catalogue"),
  create: body => call("POST", "/api/tables", { body }),
  table: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}`, { token }),
  events: (id, token, since = 0) =>
    call("GET", `/api/tables/${encodeURIComponent(id)}/events?since=${since}`, { token }),
  act: (id, token, action, version) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/actions`, { token, body: { action, version } }),
  scenario: id => call("GET", `/api/tables/${encodeURIComponent(id)}/scenario`),
  witness: (id, a, b) => call("GET", `/api/web/ambiguities/${encodeURIComponent(id)}` +
    (a && b ? `?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}` : "")),
  register: () => call("GET", "/api/web/ambiguities"),
  origin: id => call("GET", `/api/web/tables/${encodeURIComponent(id)}/origin`),
};

const FATAL = new Set(["bad-token", "unknown-table", "no-seat"]);

/**
 * A WebSocket feed that reconnects by itself. `since()` gives the last version the page
 * holds, so a reconnection asks the server for everything after it (catch-up).
 * onMessage({version, view, events}); onStatus("live" | "connecting" | "down").
 */
export class Feed {
  constructor(tableId, token, { since, onMessage, onStatus, onRefused }) {
    Object.assign(this, { tableId, token, since, onMessage, onStatus, onRefused });
    this.delay = 250;
    this.closed = false;
    this.open();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams();
    if (this.token) q.set("token", this.token);
    q.set("since", String(this.since()));
    return `${proto}//${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws?${q}`;
  }

  open() {
    if (this.closed) return;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => { this.delay = 250; this.onStatus("live"); };
    ws.onmessage = ev => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (_) { return; }
      if (msg && msg.error) {
        // a seat or table that does not exist ends the feed; anything else (a full
        // server, a lagging client) is worth another try after the back-off
        if (FATAL.has(msg.error)) { this.closed = true; this.onRefused(msg); }
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.onStatus("down");
      const wait = Math.max(this.delay, (this.holdUntil || 0) - Date.now());
      setTimeout(() => this.open(), wait);
      this.delay = Math.min(this.delay * 2, 4000);
    };
  }

  /** Drop the connection and stay away `holdMs` (to see the reconnection catch up). */
  drop(holdMs = 0) { this.holdUntil = Date.now() + holdMs; if (this.ws) this.ws.close(); }

  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
