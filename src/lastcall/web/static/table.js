/* A table page: one WebSocket, live payloads in, moves out.
 *
 * On load the page asks for the whole log (after = -1) so the history is
 * there; events newer than what this browser last showed are marked new. A
 * dropped connection reconnects with the last index seen, and so receives
 * only what came after it.
 */
"use strict";

(() => {
  const { el } = LC;
  const root = document.getElementById("table");
  const token = root.dataset.token;
  const role = root.dataset.role;
  const seenKey = `lastcall.seen.${token}`;
  const lastLooked = LC.store(seenKey) ?? -1;
  let seen = -1;
  let current = null;
  let socket = null;
  let retry = 500;
  let hints = null;
  let timer = null;

  const $ = (id) => document.getElementById(id);

  function problem(text) {
    $("problem").textContent = text || "";
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      problem("Not connected; reconnecting…");
      return;
    }
    problem("");
    for (const button of document.querySelectorAll("button.action")) button.disabled = true;
    socket.send(JSON.stringify(message));
  }

  function status(payload) {
    const view = payload.view;
    const names = (payload.seats || []).map((s) => s.name);
    if (payload.over) return "The match is over.";
    const waiting = (view.to_move || []).map((p) => (p === payload.seat ? "you" : names[p] || `P${p}`));
    const you = payload.seat === null ? "You are watching." : `You are ${names[payload.seat]} (P${payload.seat}).`;
    const sealed = payload.sealed ? " (secret choices)" : "";
    return `${you} Waiting for ${waiting.join(" and ")}${sealed}.`;
  }

  function drawClock(payload) {
    clearInterval(timer);
    const line = $("clock");
    if (!payload.deadline || payload.over) {
      line.textContent = "";
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.round(payload.deadline - Date.now() / 1000));
      const minutes = Math.floor(left / 60);
      const text = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes}:${String(left % 60).padStart(2, "0")}`;
      line.textContent = `Clock: ${text} left for this move; then a bot moves.`;
    };
    tick();
    timer = setInterval(tick, 1000);
  }

  function drawActions(payload) {
    const box = $("actions");
    box.replaceChildren();
    if (payload.over) {
      box.append(el("p", {}, el("a", { href: `/replay/${token}` }, "Replay the match step by step")));
    } else if (payload.legal.length === 0) {
      box.append(el("p", { class: "muted" }, payload.seat === null ? "Spectators watch." : "Nothing to decide now."));
    } else {
      const groups = new Map();
      for (const legal of payload.legal) {
        const verb = legal.action.split(" ")[0];
        if (!groups.has(verb)) groups.set(verb, []);
        groups.get(verb).push(legal);
      }
      for (const [verb, list] of groups) {
        const row = el("div", { class: "verb-group" }, el("span", { class: "verb" }, verb));
        for (const legal of list) {
          row.append(LC.actionButton(legal, hints, () =>
            send({ type: "move", action: legal.action, expect: payload.revision })));
        }
        box.append(row);
      }
    }
    const mine = payload.seat !== null && payload.seat !== undefined;
    const bot = mine ? payload.seats[payload.seat].bot : null;
    $("undo").hidden = !payload.can_undo;
    $("to-bot").hidden = !mine || payload.over || bot !== null;
    $("from-bot").hidden = !mine || payload.over || bot === null;
    drawHostTools(payload);
  }

  function drawHostTools(payload) {
    const box = $("host-tools");
    box.hidden = role !== "host" || payload.over;
    if (box.hidden) return;
    box.replaceChildren(el("h4", {}, "Host: hand a seat to a bot, or give it back"));
    for (const seat of payload.seats) {
      const label = seat.bot ? `Give ${seat.name} back to a person` : `Hand ${seat.name} to a bot`;
      box.append(el("button", { class: "host-seat", "data-seat": seat.seat, onclick: () => control(seat.seat, seat.bot ? null : "greedy") }, label));
    }
  }

  async function control(seat, level) {
    const answer = await fetch(`/api/play/${token}/seats/${seat}/bot`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ level }),
    });
    if (!answer.ok) problem((await answer.json()).detail);
  }

  function drawLog(payload) {
    const list = $("log");
    for (const event of payload.events) {
      if (event.kind === "undo") {
        const { first, last } = event.data;
        for (const item of [...list.children]) {
          const index = Number(item.dataset.index);
          if (index >= first && index <= last) item.remove();
        }
      }
      const item = LC.logItem(event);
      if (event.index > lastLooked) item.classList.add("new");
      list.append(item);
    }
    if (payload.events.length) list.lastElementChild.scrollIntoView({ block: "nearest" });
  }

  function draw(payload) {
    current = payload;
    hints = hints || LC.hintsFor(payload.game);
    $("title").textContent = `${payload.title} · table ${payload.table}`;
    $("status").textContent = status(payload);
    document.body.dataset.over = payload.over ? "yes" : "no";
    document.body.dataset.decisions = payload.decisions;
    $("board").replaceChildren(LC.board(payload, hints));
    drawActions(payload);
    drawLog(payload);
    drawClock(payload);
    const box = $("result");
    box.hidden = !payload.over;
    if (payload.over) box.replaceChildren(LC.result(payload));
    seen = Math.max(seen, payload.seen);
    LC.store(seenKey, seen);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${token}?after=${seen}`);
    socket.onopen = () => {
      retry = 500;
      problem("");
    };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "error") {
        problem(data.detail);
        if (current) drawActions(current);
      } else {
        draw(data);
      }
    };
    socket.onclose = (closed) => {
      if (closed.code === 4404) {
        problem("This link opens no table.");
        return;
      }
      problem("Connection lost; reconnecting…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  $("undo").addEventListener("click", () => send({ type: "undo", expect: current.revision }));
  $("to-bot").addEventListener("click", () => control(current.seat, "greedy"));
  $("from-bot").addEventListener("click", () => control(current.seat, null));
  connect();
})();
