/* lastcall's generic client: draws any game's view as a table.
 *
 * Nothing here knows a game. A view has the shared top (game, viewer, to_move,
 * phase, seats, rivals) and game-specific keys; values are drawn by what they
 * look like: playing cards ("qh", "10c"), dice (numbers under a dice key),
 * marbles (colour words), cards (words under a card key), counts (also lists of
 * counts named by a list in the view, per a hint's "counts"), rows and
 * panels. A game may add a hints file (hints/<game>.json) naming its card
 * keys, colours and piles. Every text goes in with textContent: seat names
 * are typed by people.
 */
"use strict";

const LC = (() => {
  const META = new Set(["game", "viewer", "to_move", "phase", "seats", "rivals", "players"]);
  const SUITS = { c: ["♣", "black"], d: ["♦", "red"], h: ["♥", "red"], s: ["♠", "black"] };
  const PLAYING = /^(10|[2-9ajqkt])([cdhs])$/i;
  const COLOURS = {
    yellow: "#f2c40f", blue: "#2f6fdc", green: "#2e9d4f", red: "#d23a2a", white: "#f4f4f4",
    black: "#222", orange: "#f08a24", purple: "#7d3cb5", pink: "#e86fa8", brown: "#7b4a24",
    gold: "#d4a017", silver: "#b8bcc2", amber: "#ffb000", clear: "#e6f4f8",
  };
  const CARDISH = /hand|card|discard|pile|market|tableau|played/;
  const DICEISH = /^(dice|die|roll|rolls)$/;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "style") node.style.cssText = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function words(key) {
    return String(key).replace(/_/g, " ");
  }

  function hintsFor(game) {
    const node = document.getElementById("hints");
    const all = node ? JSON.parse(node.textContent) : {};
    const hints = all[game] || {};
    return {
      cards: new Set(hints.cards || []),
      piles: new Set(hints.piles || []),
      mine: new Set(hints.mine || []),
      slots: new Set(hints.slots || []),
      dice: new Set(hints.dice || []),
      backs: hints.backs || {},
      featured: hints.featured || [],
      marbles: Object.assign({}, COLOURS, hints.marbles || {}),
      groups: hints.card_groups || {},
      groupColours: hints.group_colours || {},
      counts: hints.counts || {},
      hidden: new Set(hints.hidden || []),
      view: {},
    };
  }

  // ---------------------------------------------------------------- pictures

  function playingCard(text) {
    const match = PLAYING.exec(text);
    let rank = match[1].toUpperCase();
    if (rank === "T") rank = "10";
    const [suit, colour] = SUITS[match[2].toLowerCase()];
    return el("span", { class: `pcard ${colour}`, title: text, "data-value": text },
      el("span", { class: "rank" }, rank), el("span", { class: "suit" }, suit));
  }

  function marbleColour(text, hints) {
    const name = text.replace(/\*$/, "").toLowerCase();
    return Object.prototype.hasOwnProperty.call(hints.marbles, name) ? hints.marbles[name] : null;
  }

  function marble(text, hints, slot) {
    const colour = marbleColour(text, hints);
    const name = text.replace(/\*$/, "").toLowerCase();
    const filled = !slot || text !== text.toLowerCase();
    const classes = ["marble", filled ? "filled" : "empty", text.endsWith("*") ? "wild" : ""];
    const style = filled ? `background:${colour}` : `border-color:${colour}`;
    const label = filled ? name : `${name} (empty)`;
    return el("span", { class: classes.join(" "), style, title: label, "data-value": text },
      text.endsWith("*") ? "★" : "");
  }

  function die(value) {
    const pips = {
      1: [[50, 50]], 2: [[25, 25], [75, 75]], 3: [[25, 25], [50, 50], [75, 75]],
      4: [[25, 25], [75, 25], [25, 75], [75, 75]],
      5: [[25, 25], [75, 25], [50, 50], [25, 75], [75, 75]],
      6: [[25, 25], [75, 25], [25, 50], [75, 50], [25, 75], [75, 75]],
    }[value];
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("class", "die");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `die showing ${value}`);
    const face = document.createElementNS(ns, "rect");
    for (const [k, v] of Object.entries({ x: 4, y: 4, width: 92, height: 92, rx: 16 })) {
      face.setAttribute(k, v);
    }
    svg.append(face);
    for (const [cx, cy] of pips) {
      const pip = document.createElementNS(ns, "circle");
      pip.setAttribute("cx", cx);
      pip.setAttribute("cy", cy);
      pip.setAttribute("r", 9);
      svg.append(pip);
    }
    return svg;
  }

  function card(text, hints) {
    let colour = null;
    for (const [group, values] of Object.entries(hints.groups)) {
      if (values.includes(text)) colour = hints.groupColours[group] || null;
    }
    const style = colour ? `--card-accent:${colour}` : null;
    return el("span", { class: "card", style, title: text, "data-value": text },
      el("span", { class: "card-name" }, words(text)));
  }

  function backs(count, label) {
    const shown = Math.min(count, 6);
    const stack = el("span", { class: "backs", title: `${count} ${label}` });
    for (let i = 0; i < shown; i += 1) stack.append(el("span", { class: "back" }));
    stack.append(el("span", { class: "count" }, `${count}`));
    return stack;
  }

  // ---------------------------------------------------------------- values

  function isColourCounts(value, hints) {
    const keys = Object.keys(value);
    return keys.length > 0 && keys.every((k) => marbleColour(k, hints) && Number.isInteger(value[k]));
  }

  function renderString(text, ctx) {
    if (PLAYING.test(text)) return playingCard(text);
    if (marbleColour(text, ctx.hints)) return marble(text, ctx.hints, ctx.slot);
    if (ctx.cardish) return card(text, ctx.hints);
    return el("span", { class: "text" }, text);
  }

  function child(ctx, key) {
    const k = String(key);
    return {
      hints: ctx.hints,
      key: k,
      cardish: ctx.cardish || (ctx.hints.cards.size ? ctx.hints.cards.has(k) : CARDISH.test(k)),
      slot: ctx.slot || ctx.hints.slots.has(k),
      dice: ctx.hints.dice.has(k) || DICEISH.test(k),
    };
  }

  function render(value, ctx) {
    if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
    if (typeof value === "boolean") return el("span", { class: value ? "yes" : "no" }, value ? "yes" : "no");
    if (typeof value === "number") {
      if (ctx.dice && Number.isInteger(value) && value >= 1 && value <= 6) return die(value);
      if (ctx.hints.backs[ctx.key] && Number.isInteger(value)) return backs(value, ctx.hints.backs[ctx.key]);
      return el("span", { class: "num" }, Number.isInteger(value) ? value : value.toFixed(1));
    }
    if (typeof value === "string") return renderString(value, ctx);
    if (Array.isArray(value)) return renderList(value, ctx);
    return renderObject(value, ctx);
  }

  /* Counts by kind, named by a list the view carries (a hint's "counts"): [1, 0, 3] -> {red: 1, blue: 3}. */
  function named(list, names) {
    if (list.every((v) => Array.isArray(v))) return list.map((row) => named(row, names));
    const out = {};
    list.forEach((count, i) => { if (count) out[names[i]] = count; });
    return out;
  }

  function renderList(list, ctx) {
    const names = ctx.hints.view[ctx.hints.counts[ctx.key]];
    if (Array.isArray(names) && list.every((v) => Number.isInteger(v) || Array.isArray(v))) {
      const counted = named(list, names);
      if (!Array.isArray(counted)) return render(counted, ctx);
      return el("div", { class: "rows" }, counted.map((row) => el("div", { class: "row" }, render(row, ctx))));
    }
    if (list.length === 0) return el("span", { class: "muted" }, "none");
    if (ctx.hints.piles.has(ctx.key)) {
      return el("span", { class: "pile" }, render(list[list.length - 1], ctx),
        el("span", { class: "count" }, `${list.length} in the pile`));
    }
    if (list.every((v) => Array.isArray(v))) {
      return el("div", { class: "rows" }, list.map((row) => el("div", { class: "row" }, render(row, ctx))));
    }
    if (list.every((v) => v && typeof v === "object")) {
      return el("div", { class: "items" }, list.map((item) => el("div", { class: "item" }, render(item, ctx))));
    }
    return el("span", { class: "chips" }, list.map((v) => render(v, ctx)));
  }

  function renderObject(object, ctx) {
    if (isColourCounts(object, ctx.hints)) {
      const out = el("span", { class: "chips marbles" });
      for (const [colour, count] of Object.entries(object)) {
        out.append(el("span", { class: "counted" }, marble(colour, ctx.hints, false), `×${count}`));
      }
      if (Object.keys(object).length === 0) out.append(el("span", { class: "muted" }, "empty"));
      return out;
    }
    const entries = Object.entries(object);
    if (entries.length === 0) return el("span", { class: "muted" }, "empty");
    if (ctx.cardish && entries.every(([, v]) => typeof v === "string")) {
      // cards laid in named places (an order, slots): side by side, each under its place
      return el("div", { class: "slots" }, entries.map(([key, value]) =>
        el("div", { class: "slot", "data-key": key }, el("span", { class: "slot-name" }, words(key)),
          render(value, child(ctx, key)))));
    }
    const list = el("dl", { class: "fields" });
    for (const [key, value] of entries) {
      list.append(el("div", { class: "field", "data-key": key },
        el("dt", {}, words(key)), el("dd", {}, render(value, child(ctx, key)))));
    }
    return list;
  }

  function field(key, value, hints) {
    return el("div", { class: "field", "data-key": key },
      el("dt", {}, words(key)), el("dd", {}, render(value, child({ hints, cardish: false, slot: false }, key))));
  }

  // ---------------------------------------------------------------- the table

  /* The board: table-wide things in the middle, then one panel per seat (and rival). */
  function board(payload, hints) {
    const view = payload.view;
    hints.view = view;
    const viewer = view.viewer;
    const toMove = new Set(view.to_move || []);
    const root = el("div", { class: "board-inner" });
    const middle = el("div", { class: "middle panel" },
      el("h3", {}, `${payload.title}`, view.phase ? el("span", { class: "phase" }, words(view.phase)) : null));
    const fields = el("dl", { class: "fields" });
    const featured = hints.featured.filter((k) => k in view && !META.has(k));
    for (const key of featured) {
      middle.append(el("div", { class: "featured" }, field(key, view[key], hints)));
    }
    for (const [key, value] of Object.entries(view)) {
      if (META.has(key) || hints.hidden.has(key) || featured.includes(key) || hints.mine.has(key)) {
        continue;
      }
      fields.append(field(key, value, hints));
    }
    middle.append(fields);
    root.append(middle);
    const seats = el("div", { class: "seats" });
    (view.seats || []).forEach((facts, index) => {
      const seat = typeof facts.seat === "number" ? facts.seat : index;
      const meta = (payload.seats || [])[seat] || { name: `P${seat}`, bot: null };
      const classes = ["seat", "panel", toMove.has(seat) ? "to-move" : "", seat === viewer ? "mine" : ""];
      const head = el("h3", {}, el("span", { class: "seat-name" }, meta.name),
        el("span", { class: "seat-tag" }, `P${seat}`),
        seat === viewer ? el("span", { class: "badge you" }, "you") : null,
        meta.bot ? el("span", { class: "badge bot" }, `bot: ${meta.bot}`) : null,
        toMove.has(seat) ? el("span", { class: "badge turn" }, "to move") : null);
      const body = el("dl", { class: "fields" });
      for (const [key, value] of Object.entries(facts)) {
        if (key === "seat") continue;
        body.append(field(key, value, hints));
      }
      if (seat === viewer) {
        for (const key of hints.mine) if (key in view) body.append(field(key, view[key], hints));
      }
      seats.append(el("section", { class: classes.join(" "), "data-seat": seat }, head, body));
    });
    for (const [index, rival] of (view.rivals || []).entries()) {
      const body = el("dl", { class: "fields" });
      for (const [key, value] of Object.entries(rival || {})) body.append(field(key, value, hints));
      seats.append(el("section", { class: "seat panel rival" }, el("h3", {}, rival.name || `rival ${index + 1}`), body));
    }
    root.append(seats);
    return root;
  }

  /* A small picture for each argument of an action that has one (a card, a colour). */
  function actionButton(legal, hints, onClick) {
    const pictures = String(legal.action).split(" ").slice(1)
      .filter((arg) => PLAYING.test(arg) || marbleColour(arg, hints))
      .map((arg) => (PLAYING.test(arg) ? playingCard(arg) : marble(arg, hints, false)));
    return el("button", { class: "action", "data-action": legal.action, onclick: onClick },
      pictures, el("span", {}, legal.label));
  }

  function logItem(event) {
    const classes = ["event", `kind-${event.kind}`, event.private ? "private" : ""];
    return el("li", { class: classes.join(" "), "data-index": event.index },
      event.private ? el("span", { class: "badge private" }, "only you") : null, event.text);
  }

  function result(payload) {
    const r = payload.result;
    const box = el("div", {}, el("h2", {}, "Final result"));
    const list = el("ol", { class: "ranking" });
    r.ranking.forEach((group) => {
      const names = group.map((p) => `${r.names[p] || `P${p}`} (${r.scores[p]})`).join(", ");
      list.append(el("li", {}, names));
    });
    box.append(list);
    const mine = payload.seat;
    if (mine !== null && mine !== undefined) {
      box.append(el("p", { class: "verdict" }, r.winners.includes(mine) ? "You win!" : "Better luck next time."));
    }
    return box;
  }

  function store(key, value) {
    try {
      if (value === undefined) return JSON.parse(localStorage.getItem(key) || "null");
      localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      return null;
    }
    return value;
  }

  return { el, hintsFor, board, actionButton, logItem, result, words, store, render };
})();
