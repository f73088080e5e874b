/* The lobby: start a table, see one's matches (kept in this browser), join open tables. */
"use strict";

(() => {
  const { el } = LC;
  const catalog = JSON.parse(document.getElementById("catalog").textContent);
  const $ = (id) => document.getElementById(id);
  const gameSelect = $("game");
  const playersSelect = $("players");
  const MINE = "lastcall.mine";

  function game() {
    return catalog.games.find((g) => g.id === gameSelect.value);
  }

  function levelSelect(name) {
    const select = el("select", { name, "aria-label": "bot level" });
    for (const level of catalog.levels) select.append(el("option", { value: level.level }, level.title));
    select.value = "greedy";
    return select;
  }

  function drawOptions() {
    const box = $("options");
    box.replaceChildren(el("legend", {}, "Options"));
    const players = Number(playersSelect.value);
    for (const option of game().options) {
      if (option.players && !option.players.includes(players)) continue;
      let input;
      if (option.choices) {
        input = el("select", { name: option.name });
        for (const choice of option.choices) input.append(el("option", { value: String(choice) }, String(choice)));
        input.value = String(option.default);
      } else if (typeof option.default === "boolean") {
        input = el("input", { type: "checkbox", name: option.name });
        input.checked = option.default;
      } else {
        input = el("input", { type: "number", name: option.name, value: option.default, min: option.minimum, max: option.maximum });
      }
      input.dataset.kind = typeof option.default;
      box.append(el("label", { title: option.help }, `${LC.words(option.name)} `, input,
        el("span", { class: "muted" }, ` ${option.help}${option.house_rule ? " (house rule)" : ""}`)));
    }
  }

  function drawSeats() {
    const box = $("seats");
    box.replaceChildren(el("legend", {}, "Seats"));
    const players = Number(playersSelect.value);
    for (let seat = 0; seat < players; seat += 1) {
      const kind = el("select", { name: "kind", "aria-label": `who plays seat P${seat}` },
        el("option", { value: "me" }, "me"), el("option", { value: "person" }, "a friend (invite link)"),
        el("option", { value: "open" }, "anyone (open seat)"), el("option", { value: "bot" }, "a bot"));
      kind.value = seat === 0 ? "me" : "bot";
      const level = levelSelect("level");
      const name = el("input", { name: "name", maxlength: 40, placeholder: `P${seat}`, "aria-label": `name of seat P${seat}` });
      const sync = () => { level.hidden = kind.value !== "bot"; };
      kind.addEventListener("change", sync);
      sync();
      box.append(el("div", { class: "seat-row", "data-seat": seat }, el("span", { class: "seat-tag" }, `P${seat}`), kind, level, name));
    }
  }

  function drawPlayers() {
    playersSelect.replaceChildren();
    const g = game();
    for (let n = g.min_players; n <= g.max_players; n += 1) playersSelect.append(el("option", { value: n }, String(n)));
    playersSelect.value = String(Math.max(g.min_players, Math.min(2, g.max_players)));
    $("game-summary").textContent = g.summary;
    drawOptions();
    drawSeats();
  }

  function mine() {
    return LC.store(MINE) || [];
  }

  function remember(entry) {
    LC.store(MINE, [entry, ...mine().filter((e) => e.token !== entry.token)].slice(0, 200));
  }

  async function create(event) {
    event.preventDefault();
    $("create-error").textContent = "";
    const options = {};
    for (const input of $("options").querySelectorAll("input, select")) {
      if (input.dataset.kind === "boolean") options[input.name] = input.checked;
      else if (input.dataset.kind === "number") options[input.name] = Number(input.value);
      else options[input.name] = input.value;
    }
    const rows = [...$("seats").querySelectorAll(".seat-row")];
    const seats = rows.map((row) => {
      const kind = row.querySelector("[name=kind]").value;
      return {
        kind: kind === "me" ? "person" : kind,
        name: row.querySelector("[name=name]").value,
        level: kind === "bot" ? row.querySelector("[name=level]").value : null,
      };
    });
    const body = {
      game: gameSelect.value, players: Number(playersSelect.value), options, seats,
      clock: Number($("clock").value), clock_start: $("clock-start").value, public: $("public").checked,
    };
    const answer = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) {
      $("create-error").textContent = data.detail;
      return;
    }
    showLinks(data, rows.map((row) => row.querySelector("[name=kind]").value));
  }

  function link(path) {
    return `${location.origin}${path}`;
  }

  function showLinks(data, kinds) {
    const list = $("link-list");
    list.replaceChildren();
    let myToken = null;
    for (const seat of data.seats) {
      if (!seat.token) {
        const who = seat.kind === "bot" ? "played by the server" : "open to anyone from the lobby";
        list.append(el("li", {}, `${seat.name}: ${who}`));
        continue;
      }
      const me = kinds[seat.seat] === "me";
      if (me && myToken === null) myToken = seat.token;
      const url = link(`/play/${seat.token}`);
      list.append(el("li", {}, `${seat.name}${me ? " (you)" : ""}: `, el("a", { href: url, class: "seat-link", "data-seat": seat.seat }, url)));
      if (me) remember({ token: seat.token, table: data.table, game: data.game, seat: seat.seat });
    }
    list.append(el("li", {}, "Spectators: ", el("a", { href: link(`/play/${data.spectator}`) }, link(`/play/${data.spectator}`))));
    list.append(el("li", {}, "Host: ", el("a", { href: link(`/play/${data.host}`), class: "host-link" }, link(`/play/${data.host}`))));
    list.append(el("li", { class: "muted" }, `Deal committed as ${data.deal.commitment.slice(0, 16)}…; a friend may make their link private once they open it.`));
    remember({ token: data.host, table: data.table, game: data.game, seat: null, host: true });
    $("links").hidden = false;
    if (myToken) {
      list.prepend(el("li", {}, el("a", { href: `/play/${myToken}`, class: "button", id: "open-my-seat" }, "Go to my seat")));
    }
    drawMine();
  }

  async function drawMine() {
    const list = $("mine");
    const entries = mine().filter((e) => !e.host);
    if (!entries.length) return;
    list.replaceChildren();
    for (const entry of entries.slice(0, 30)) {
      const item = el("li", {}, el("a", { href: `/play/${entry.token}` }, `${entry.game} · table ${entry.table} · P${entry.seat}`));
      list.append(item);
      fetch(`/api/play/${entry.token}?after=1000000000`).then(async (answer) => {
        if (!answer.ok) {
          item.append(el("span", { class: "muted" }, " (gone)"));
          return;
        }
        const payload = await answer.json();
        let text = " · over";
        if (!payload.over) text = payload.view.to_move.includes(entry.seat) ? " · your move" : " · waiting";
        item.append(el("span", { class: payload.over ? "muted" : "badge turn" }, text));
      });
    }
  }

  async function drawOpen() {
    const answer = await fetch("/api/tables");
    const tables = await answer.json();
    const list = $("open");
    if (!tables.length) return;
    list.replaceChildren();
    for (const table of tables) {
      const join = el("button", {
        onclick: async () => {
          const reply = await fetch(`/api/tables/${table.table}/join`, { method: "POST" });
          const data = await reply.json();
          if (!reply.ok) {
            join.textContent = data.detail;
            return;
          }
          remember({ token: data.token, table: data.table, game: table.game, seat: data.seat });
          location.href = `/play/${data.token}`;
        },
      }, "Join");
      list.append(el("li", {}, `${table.title}, ${table.players} players, ${table.open_seats} open seat(s) `, join));
    }
  }

  /* A rematch link carries the finished table's game, options and seats in the address's fragment. */
  function applyRematch() {
    const found = /^#rematch=(.+)$/.exec(location.hash);
    if (!found) return;
    history.replaceState(null, "", location.pathname);
    let plan;
    try {
      plan = JSON.parse(decodeURIComponent(found[1]));
    } catch (error) {
      return;
    }
    if (!catalog.games.some((g) => g.id === plan.game)) return;
    gameSelect.value = plan.game;
    drawPlayers();
    playersSelect.value = String(plan.players);
    drawOptions();
    drawSeats();
    for (const input of $("options").querySelectorAll("input, select")) {
      if (!(input.name in (plan.options || {}))) continue;
      const value = plan.options[input.name];
      if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = String(value);
    }
    const rows = [...$("seats").querySelectorAll(".seat-row")];
    (plan.seats || []).forEach((seat, i) => {
      const row = rows[i];
      if (!row) return;
      const kind = row.querySelector("[name=kind]");
      kind.value = ["me", "person", "open", "bot"].includes(seat.kind) ? seat.kind : "person";
      kind.dispatchEvent(new Event("change"));
      if (seat.level) row.querySelector("[name=level]").value = seat.level;
      row.querySelector("[name=name]").value = seat.name || "";
    });
    $("create-error").textContent = "";
    $("rematch-note").hidden = false;
  }

  for (const g of catalog.games) gameSelect.append(el("option", { value: g.id }, g.title));
  gameSelect.addEventListener("change", drawPlayers);
  playersSelect.addEventListener("change", () => { drawOptions(); drawSeats(); });
  $("create-form").addEventListener("submit", create);
  drawPlayers();
  applyRematch();
  drawMine();
  drawOpen();
})();
