// Play one seat of a fruitspec table: the first legal action, whenever it is our turn.
// In a page: import { play } from "./seat_client.mjs";  in Node (22+, or 20 with
// --experimental-websocket): node seat_client.mjs http://127.0.0.1:8000 TABLE TOKEN
export function play(base, table, token) {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const feedUrl = `${base.replace(/^http/, "ws")}/api/tables/${table}/ws?token=${token}`;
  return new Promise((resolve, reject) => {
    const feed = new WebSocket(feedUrl);
    feed.onmessage = async (message) => {
      const { version, view, events } = JSON.parse(message.data);
      for (const e of events) console.log(`v${e.version} ${e.rule}: ${e.text}`);
      if (view.over) { feed.close(); resolve(view.scores); return; }
      if (view.legal.length === 0) return; // not our turn: wait for the next version
      const r = await fetch(`${base}/api/tables/${table}/actions`, {
        method: "POST", headers,
        body: JSON.stringify({ action: view.legal[0], version }),
      });
      // 409: another seat was faster; the next version is on its way
      if (r.status !== 200 && r.status !== 409) reject(new Error((await r.json()).message));
    };
    feed.onerror = () => reject(new Error("the connection to the table failed"));
  });
}

if (typeof process !== "undefined" && process.argv[1]?.endsWith("seat_client.mjs")) {
  const [base, table, token] = process.argv.slice(2);
  play(base, table, token).then((scores) => console.log("scores:", scores),
    (err) => { console.error(err.message); process.exit(1); });
}
