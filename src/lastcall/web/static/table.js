/* A table page: one WebSocket, live payloads in, moves out.
 *
 * The board is the game's presentation (``payload.board``); a person plays by
 * clicking the highlighted pieces a legal choice acts on. A piece that several
 * choices share narrows them, and a second click (or a button) decides. The
 * list of every choice stays below as the accessible fallback. After every
 * update the pieces that changed glow for a moment and the newest log lines
 * are marked, and nothing scrolls the page: the log has its own panel.
 */
"use strict";

(() => {
  const { el } = LC;
  const root = document.getElementById("table");
  const token = root.dataset.token;
  const role = root.dataset.role;
  const seenKey = `lastcall.seen.${token}`;
  const lastLooked = LC.store(seenKey) ?? -1;
  const icon = document.getElementById("icon");
  let seen = -1;
  let current = null;
  let prints = null;
  let socket = null;
  let retry = 500;
  let timer = null;
  let rotating = false;
  let waiting = false;
  let selected = [];
  let myTurn = false;
  let help = null;

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
    $("refused").hidden = true;
    waiting = true;
    document.body.classList.add("waiting");
    for (const button of document.querySelectorAll("button.action, button.choice, button.chip")) button.disabled = true;
    socket.send(JSON.stringify(message));
  }

  function play(action) {
    selected = [];
    send({ type: "move", action, expect: current.revision });
  }

  function seatName(payload, seat) {
    return (payload.seats[seat] || {}).name || `P${seat}`;
  }

  function status(payload) {
    const you = payload.seat === null ? "You are watching." : `You are ${seatName(payload, payload.seat)}.`;
    if (payload.over) return `${you} The match is over.`;
    const sealed = payload.sealed ? " (secret choices)" : "";
    return `${you} ${payload.board.status}${sealed}.`;
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

  /* How chance was fixed: a chosen seed is a warning; a secret one is checkable at the end. */
  function drawDeal(payload) {
    const deal = payload.deal;
    const line = $("deal");
    line.classList.toggle("error", deal.seed_chosen);
    if (deal.seed_chosen) {
      line.replaceChildren("The host chose this table's seed: they can know every hidden card.");
    } else if (deal.seed === null) {
      line.replaceChildren(`Dealt from the server's secret seed, committed as ${deal.commitment.slice(0, 16)}…`);
    } else {
      line.replaceChildren(`Seed ${deal.seed}, salt ${deal.salt}: check them against the commitment ${deal.commitment.slice(0, 16)}… `,
        el("a", { href: `/api/play/${token}/record`, download: `lastcall-${payload.table}.json` }, "the match record"),
        " (lastcall replay checks it).");
    }
  }

  // ------------------------------------------------------------ choosing by clicking

  function choices() {
    return current && !waiting ? current.board.choices : [];
  }

  /* The choices still open: those whose targets include every selected piece. */
  function narrowed() {
    return choices().filter((c) => selected.every((id) => (c.targets || []).includes(id)));
  }

  function pick(id) {
    const open = narrowed().filter((c) => (c.targets || []).includes(id));
    if (!open.length || selected.includes(id)) return;
    if (open.length === 1) {
      play(open[0].action);
      return;
    }
    selected = [...selected, id];
    highlight();
    drawPrompt();
  }

  function highlight() {
    const board = $("board");
    const open = narrowed();
    const targets = new Set(open.flatMap((c) => c.targets || []));
    for (const node of board.querySelectorAll(".comp")) {
      const id = node.dataset.id;
      const target = targets.has(id) && !selected.includes(id);
      node.classList.toggle("target", target);
      node.classList.toggle("selected", selected.includes(id));
      if (target) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      } else {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
  }

  function choiceButton(choice, number) {
    const extra = [choice.cost && `costs ${choice.cost}`, choice.gain && `gives ${choice.gain}`].filter(Boolean).join(", ");
    return el("button", { type: "button", class: "choice", "data-action": choice.action, onclick: () => play(choice.action) },
      number ? el("kbd", {}, String(number)) : null, choice.label, extra ? el("span", { class: "extra" }, ` (${extra})`) : null);
  }

  /* The prompt: what is asked, the choices a selection narrowed to, and those no piece stands for. */
  function drawPrompt() {
    const payload = current;
    const box = $("pick");
    box.replaceChildren();
    const text = $("prompt-text");
    const board = payload.board;
    $("prompt").classList.toggle("mine", myTurn);
    if (payload.over) {
      text.replaceChildren("The match is over.");
      return;
    }
    if (!board.choices.length) {
      text.replaceChildren(payload.seat === null ? "You are watching." : board.status === "Your turn" ? "Waiting…" : `${board.status}.`);
      return;
    }
    text.replaceChildren(el("strong", {}, board.prompt ? board.prompt.text : "Your choice"));
    if (board.prompt && board.prompt.source) text.append(el("span", { class: "source" }, ` (${board.prompt.source})`));
    if (selected.length) {
      const names = selected.map((id) => {
        const node = $("board").querySelector(`[data-id="${CSS.escape(id)}"]`);
        return node ? node.title.split("\n")[0] : id;
      });
      box.append(el("p", { class: "narrowed" }, `${names.join(" and ")}: choose one`));
      const more = pieceRow();
      if (more) box.append(more);
      const row = el("div", { class: "choice-row" });
      narrowed().forEach((choice, i) => row.append(choiceButton(choice, i < 9 ? i + 1 : null)));
      row.append(el("button", { type: "button", class: "quiet", id: "clear-pick", onclick: clearPick }, "Choose something else"));
      box.append(row);
      return;
    }
    const loose = board.choices.filter((c) => !(c.targets || []).length);
    if (loose.length) {
      const row = el("div", { class: "choice-row" });
      for (const choice of loose) row.append(choiceButton(choice, null));
      box.append(row);
    }
    const pieces = pieceRow();
    if (pieces) {
      box.append(pieces);
      box.append(el("p", { class: "muted hint" }, "Click a piece here or its highlighted place on the board."));
    }
  }

  /* The pieces the open choices act on, as buttons in the prompt: a board can be taller
   * than the screen, and the prompt is always in view. */
  function pieceRow() {
    const pieces = new Map();
    for (const z of current.board.zones) for (const c of z.components) pieces.set(c.id, c);
    const ids = [...new Set(narrowed().flatMap((c) => c.targets || []))].filter((id) => pieces.has(id) && !selected.includes(id));
    if (!ids.length) return null;
    return el("div", { class: "piece-row", role: "group", "aria-label": "Pieces you can choose" },
      ids.map((id) => Board.chip(pieces.get(id))));
  }

  function clearPick() {
    selected = [];
    highlight();
    drawPrompt();
  }

  /* The fallback: every choice as a button with its plain-words label, grouped. */
  function drawActions(payload) {
    const box = $("actions");
    box.replaceChildren();
    $("all-choices").hidden = payload.over || !payload.board.choices.length;
    const groups = new Map();
    for (const choice of payload.board.choices) {
      const group = choice.group || LC.words(choice.action.split(" ")[0]);
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(choice);
    }
    for (const [group, list] of groups) {
      const row = el("div", { class: "verb-group", role: "group", "aria-label": group }, el("span", { class: "verb" }, group));
      for (const choice of list) {
        row.append(el("button", { type: "button", class: "action", "data-action": choice.action, onclick: () => play(choice.action) }, choice.label));
      }
      box.append(row);
    }
    const mine = payload.seat !== null && payload.seat !== undefined;
    const bot = mine ? payload.seats[payload.seat].bot : null;
    $("undo").hidden = !payload.can_undo;
    $("to-bot").hidden = !mine || payload.over || bot !== null || !$("to-bot-confirm").hidden;
    if (!mine || payload.over || bot !== null) $("to-bot-confirm").hidden = true;
    $("from-bot").hidden = !mine || payload.over || bot === null;
    $("rotate").hidden = !mine;
    drawHostTools(payload);
  }

  function drawHostTools(payload) {
    const box = $("host-tools");
    box.hidden = role !== "host" || payload.over;
    if (box.hidden) return;
    box.replaceChildren(el("h4", {}, "Host: hand the seat of someone away to a bot, or give it back"));
    for (const seat of payload.seats) {
      if (seat.kind === "bot") continue;
      const label = seat.bot ? `Give ${seat.name} back to a person` : `Hand ${seat.name} to a bot`;
      box.append(el("button", { type: "button", class: "host-seat quiet", "data-seat": seat.seat, onclick: () => control(seat.seat, seat.bot ? null : "greedy") }, label));
      if (seat.kind === "person") {
        box.append(el("button", { type: "button", class: "host-revoke quiet", "data-seat": seat.seat, onclick: () => revoke(seat) }, `New link for ${seat.name}`));
      }
    }
    box.append(el("p", { id: "new-link" }));
  }

  async function revoke(seat) {
    const answer = await fetch(`/api/play/${token}/seats/${seat.seat}/revoke`, { method: "POST" });
    const data = await answer.json();
    if (!answer.ok) {
      problem(data.detail);
      return;
    }
    const url = `${location.origin}/play/${data.token}`;
    $("new-link").replaceChildren(`${seat.name}'s new link (the old one no longer works): `, el("a", { href: url }, url));
  }

  async function rotate() {
    const answer = await fetch(`/api/play/${token}/rotate`, { method: "POST" });
    const data = await answer.json();
    if (!answer.ok) {
      problem(data.detail);
      return;
    }
    const mine = LC.store("lastcall.mine") || [];
    LC.store("lastcall.mine", mine.map((e) => (e.token === token ? { ...e, token: data.token } : e)));
    LC.store(`lastcall.seen.${data.token}`, seen);
    rotating = true;
    location.replace(`/play/${data.token}`);
  }

  async function control(seat, level) {
    const answer = await fetch(`/api/play/${token}/seats/${seat}/bot`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ level }),
    });
    if (!answer.ok) problem((await answer.json()).detail);
  }

  // ------------------------------------------------------------ help, alerts, the end

  async function loadHelp(game) {
    if (help) return;
    help = game;
    const answer = await fetch(`/api/games/${encodeURIComponent(game)}/help`);
    if (!answer.ok) return;
    const data = await answer.json();
    $("how-to-play").replaceChildren(...LC.prose(data.how_to_play));
    const list = $("glossary");
    list.replaceChildren();
    for (const term of Object.keys(data.glossary).sort((a, b) => a.localeCompare(b))) {
      list.append(el("div", { class: "term" }, el("dt", {}, term), el("dd", {}, data.glossary[term])));
    }
    if (!list.children.length) {
      list.append(el("div", { class: "term" }, el("dt", {}, "Pieces"), el("dd", {}, "Every piece's text shows when you point at it or tap it.")));
    }
  }

  function toggleHelp(open) {
    const panel = $("help");
    const show = open ?? panel.hidden;
    panel.hidden = !show;
    $("help-button").setAttribute("aria-expanded", String(show));
  }

  function refused(detail) {
    problem(detail);
    const line = $("refused");
    line.hidden = false;
    line.textContent = `Your last move was refused: ${detail}`;
  }

  /* The tab's title and icon say when it is this seat's turn; a short tone if asked for. */
  function alertTurn(payload) {
    const now = !payload.over && payload.board.choices.length > 0;
    const base = `${payload.title} · table ${payload.table} · lastcall`;
    document.title = now ? `Your turn · ${base}` : payload.over ? `Over · ${base}` : base;
    icon.href = now ? "/static/icon-turn.svg" : "/static/icon.svg";
    if (now && !myTurn && $("sound").checked) tone();
    myTurn = now;
  }

  function tone() {
    try {
      const audio = new AudioContext();
      const wave = audio.createOscillator();
      const gain = audio.createGain();
      wave.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      wave.connect(gain).connect(audio.destination);
      wave.start();
      wave.stop(audio.currentTime + 0.4);
    } catch (error) {
      $("sound").checked = false;
    }
  }

  /* Another game with the same seats: the lobby's form filled in from this table. */
  function rematchLink(payload) {
    const plan = {
      game: payload.game,
      players: payload.seats.length,
      options: payload.options,
      seats: payload.seats.map((s) => ({
        kind: s.seat === payload.seat ? "me" : s.kind === "bot" ? "bot" : s.kind === "open" ? "open" : "person",
        name: s.name === `P${s.seat}` ? "" : s.name,
        level: s.kind === "bot" ? s.bot : null,
      })),
    };
    return `/#rematch=${encodeURIComponent(JSON.stringify(plan))}`;
  }

  function drawResult(payload) {
    const box = $("result");
    box.hidden = !payload.over;
    document.body.dataset.over = payload.over ? "yes" : "no";
    if (!payload.over) return;
    const links = [el("a", { href: `/replay/${token}`, class: "button", id: "replay-link" }, "Replay the match step by step"),
      " ", el("a", { href: rematchLink(payload), class: "button quiet", id: "rematch-link" }, "Rematch with the same seats")];
    box.replaceChildren(LC.results(payload.board, payload.seat, links));
  }

  // ------------------------------------------------------------ drawing a payload

  function draw(payload) {
    current = payload;
    waiting = false;
    document.body.classList.remove("waiting");
    selected = [];
    loadHelp(payload.game);
    $("title").textContent = `${payload.title} · table ${payload.table}`;
    $("status").textContent = status(payload);
    document.body.dataset.decisions = payload.decisions;
    const drawn = Board.draw(payload.board, payload.seats);
    $("board").replaceChildren(drawn);
    const changed = Board.markChanged(drawn, prints, payload.board);
    document.body.dataset.changed = String(changed);
    prints = Board.fingerprints(payload.board);
    alertTurn(payload);
    highlight();
    drawPrompt();
    drawActions(payload);
    LC.appendLog($("log"), payload.events, (event) => seen >= 0 ? event.index > seen : event.index > lastLooked);
    drawClock(payload);
    drawDeal(payload);
    drawResult(payload);
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
        refused(data.detail);
        waiting = false;
        document.body.classList.remove("waiting");
        if (current) {
          highlight();
          drawPrompt();
          drawActions(current);
        }
      } else {
        draw(data);
      }
    };
    socket.onclose = (closed) => {
      if (rotating) return;
      if (closed.code === 4404) {
        problem(closed.reason === "this link was replaced by a new one" ? "This link was replaced by a new one." : "This link opens no table.");
        return;
      }
      if (closed.code === 4429 || closed.code === 1013) {
        retry = Math.max(retry, 5000);
        problem(`${closed.reason || "The server is busy"}; trying again…`);
      } else {
        problem("Connection lost; reconnecting…");
      }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  // ------------------------------------------------------------ input

  const board = $("board");
  const tip = el("div", { id: "tip", class: "tip", role: "tooltip", hidden: true });
  document.body.append(tip);

  /* A tap on a piece that is not a choice shows its text (pointing at it shows the same). */
  function showTip(node) {
    tip.textContent = node.title;
    tip.hidden = false;
    const box = node.getBoundingClientRect();
    const left = Math.max(8, Math.min(window.innerWidth - tip.offsetWidth - 8, box.left + window.scrollX));
    tip.style.left = `${left}px`;
    tip.style.top = `${box.bottom + window.scrollY + 6}px`;
  }

  board.addEventListener("click", (event) => {
    const node = event.target.closest(".comp.target") || event.target.closest(".comp");
    if (!node) return;
    if (node.classList.contains("target")) {
      tip.hidden = true;
      pick(node.dataset.id);
    } else if (!tip.hidden && tip.dataset.for === node.dataset.id) {
      tip.hidden = true;
    } else {
      tip.dataset.for = node.dataset.id;
      showTip(node);
    }
  });
  $("pick").addEventListener("click", (event) => {
    const chip = event.target.closest("button.chip");
    if (chip) pick(chip.dataset.id);
  });
  board.addEventListener("keydown", (event) => {
    const node = event.target.closest(".comp.target");
    if (node && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      pick(node.dataset.id);
    }
  });
  document.addEventListener("click", (event) => {
    if (!event.target.closest(".comp")) tip.hidden = true;
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.matches("input, select, textarea")) return;
    if (event.key === "Escape") {
      tip.hidden = true;
      if (selected.length) clearPick();
    } else if (event.key === "?") {
      toggleHelp();
    } else if (/^[1-9]$/.test(event.key) && selected.length) {
      const choice = narrowed()[Number(event.key) - 1];
      if (choice) play(choice.action);
    }
  });

  $("sound").checked = LC.store("lastcall.sound") === true;
  $("sound").addEventListener("change", () => LC.store("lastcall.sound", $("sound").checked));
  $("help-button").addEventListener("click", () => toggleHelp());
  $("help-close").addEventListener("click", () => toggleHelp(false));
  $("undo").addEventListener("click", () => send({ type: "undo", expect: current.revision }));
  $("to-bot").addEventListener("click", () => {
    $("to-bot").hidden = true;
    $("to-bot-confirm").hidden = false;
    $("to-bot-yes").focus();
  });
  $("to-bot-no").addEventListener("click", () => {
    $("to-bot-confirm").hidden = true;
    $("to-bot").hidden = false;
  });
  $("to-bot-yes").addEventListener("click", () => {
    $("to-bot-confirm").hidden = true;
    control(current.seat, "greedy");
  });
  $("from-bot").addEventListener("click", () => control(current.seat, null));
  $("rotate").addEventListener("click", rotate);
  connect();
})();
