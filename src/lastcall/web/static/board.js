/* The board: draws a game's presentation (the payload's ``board``) and lets a person click it.
 *
 * A presentation is zones of components (cards, dice, marbles, counters...)
 * with their full text, and the seat's choices, each naming the components it
 * acts on (``targets``). Nothing here knows a game: zones are laid out by kind
 * (shared board, market, piles and supply in the middle, the other seats and
 * the rivals around, the reader's own seat and hand at the bottom), and a
 * game's stylesheet rules may rearrange them by ``data-game``. Every text goes
 * in with textContent: names are typed by people.
 */
"use strict";

const Board = (() => {
  const { el } = LC;
  const SHARED = ["board", "market", "supply", "pile"];
  const COLOURS = {
    yellow: "#f2c40f", blue: "#2f6fdc", green: "#2e9d4f", red: "#d23a2a", white: "#f4f4f4",
    black: "#222", orange: "#f08a24", purple: "#7d3cb5", pink: "#e86fa8", brown: "#7b4a24",
    umber: "#8a5a2b", bronze: "#a8703a",
    gold: "#d4a017", silver: "#b8bcc2", amber: "#ffb000", clear: "#e6f4f8",
  };
  const PIPS = {
    1: [[50, 50]], 2: [[25, 25], [75, 75]], 3: [[25, 25], [50, 50], [75, 75]],
    4: [[25, 25], [75, 25], [25, 75], [75, 75]],
    5: [[25, 25], [75, 25], [50, 50], [25, 75], [75, 75]],
    6: [[25, 25], [75, 25], [25, 50], [75, 50], [25, 75], [75, 75]],
  };

  function colourOf(name) {
    const key = String(name || "").toLowerCase();
    if (Object.prototype.hasOwnProperty.call(COLOURS, key)) return COLOURS[key];
    return /^#[0-9a-f]{3,8}$/i.test(key) ? key : null;
  }

  function die(value) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("class", "die");
    svg.setAttribute("aria-hidden", "true");
    const face = document.createElementNS(ns, "rect");
    for (const [k, v] of Object.entries({ x: 4, y: 4, width: 92, height: 92, rx: 16 })) face.setAttribute(k, v);
    svg.append(face);
    for (const [cx, cy] of PIPS[value] || []) {
      const pip = document.createElementNS(ns, "circle");
      for (const [k, v] of Object.entries({ cx, cy, r: 9 })) pip.setAttribute(k, v);
      svg.append(pip);
    }
    return svg;
  }

  /* A counter's icon: a named one (``coin``) is drawn by the stylesheet, a symbol is shown as it is. */
  function icon(name) {
    if (!name) return null;
    const word = /^[a-z][\w-]*$/i.test(name);
    return el("span", { class: word ? `c-icon named i-${name.toLowerCase()}` : "c-icon", "aria-hidden": "true" }, word ? "" : name);
  }

  /* What a component shows on its face; its full text also goes to the tooltip. */
  function face(piece) {
    const c = { count: 1, ...piece };
    const name = el("span", { class: "c-name" }, c.name);
    switch (c.kind) {
      case "die": {
        const pips = Number.isInteger(c.value) && PIPS[c.value];
        return [pips ? die(c.value) : el("span", { class: "c-value" }, c.value ?? "?"), el("span", { class: "sr" }, `${c.name} ${c.value ?? ""}`)];
      }
      case "marble": {
        const dot = el("span", { class: "dot" });
        const colour = colourOf(c.colour || c.name);
        if (colour) dot.style.background = colour;
        return [dot, c.count > 1 ? el("span", { class: "c-count" }, `×${c.count}`) : null, el("span", { class: "sr" }, c.name)];
      }
      case "counter":
        return [icon(c.icon), el("span", { class: "c-label" }, c.name), el("span", { class: "c-value" }, c.value ?? "")];
      case "track": {
        const bar = el("span", { class: "bar" });
        const fill = el("span", { class: "fill" });
        const share = c.count > 0 && typeof c.value === "number" ? Math.max(0, Math.min(1, c.value / c.count)) : 0;
        fill.style.width = `${Math.round(share * 100)}%`;
        bar.append(fill);
        return [el("span", { class: "c-label" }, c.name), el("span", { class: "c-value" }, `${c.value ?? 0} / ${c.count}`), bar];
      }
      case "back":
        return [el("span", { class: "backs", "aria-hidden": "true" }, el("span", { class: "b" }), el("span", { class: "b" })),
          el("span", { class: "c-count" }, `${c.count}`), el("span", { class: "c-label" }, c.name)];
      case "slot":
        return [el("span", { class: "c-label" }, c.name || "empty")];
      case "card":
      case "tile":
        return [name, c.value !== undefined ? el("span", { class: "c-value" }, c.value) : null,
          c.text ? el("span", { class: "c-text" }, c.text) : null];
      default:
        return [icon(c.icon), name,
          c.value !== undefined ? el("span", { class: "c-value" }, c.value) : null,
          c.count > 1 ? el("span", { class: "c-count" }, `×${c.count}`) : null];
    }
  }

  function tipText(c) {
    const head = c.value !== undefined && c.kind !== "card" ? `${c.name}: ${c.value}` : c.name;
    return [head, c.text, c.at ? `at ${c.at}` : ""].filter(Boolean).join("\n");
  }

  /* A piece the seat may choose, as a small button for the prompt (which stays in view
   * however tall the board is): its marble or die, its name, its text in the tooltip. */
  function chip(c) {
    const colour = colourOf(c.colour || (c.kind === "marble" ? c.name : ""));
    let mark = null;
    if (c.kind === "marble") {
      mark = el("span", { class: "dot" });
      if (colour) mark.style.background = colour;
    } else if (c.kind === "die" && Number.isInteger(c.value) && PIPS[c.value]) {
      mark = die(c.value);
    }
    const label = c.kind === "die" ? `${c.name} ${c.value ?? ""}`.trim() : c.name;
    const node = el("button", { type: "button", class: `comp chip target k-${c.kind}`, "data-id": c.id, title: tipText(c) },
      mark, el("span", { class: "c-name" }, label));
    if (colour && c.kind !== "marble") node.style.setProperty("--accent", colour);
    return node;
  }

  function component(c) {
    const classes = ["comp", `k-${c.kind}`, ...(c.tags || []).map((t) => `t-${String(t).replace(/[^\w-]/g, "")}`)];
    const node = el("div", { class: classes.join(" "), "data-id": c.id, "data-key": c.key || null, title: tipText(c) }, face(c));
    const colour = c.kind !== "marble" ? colourOf(c.colour) : null;
    if (colour) node.style.setProperty("--accent", colour);
    return node;
  }

  /* Where each piece of a zone printed in rows and columns sits: ``at`` is "row,column",
   * or the id of the space a piece stands on (a die on its tile), which shares that cell. */
  function cells(components) {
    const out = new Map();
    for (const c of components) {
      const m = /^(\d+),(\d+)$/.exec(c.at || "");
      if (m) out.set(c.id, [Number(m[1]) + 1, Number(m[2]) + 1]);
    }
    for (const c of components) if (!out.has(c.id) && out.has(c.at)) out.set(c.id, out.get(c.at));
    return out;
  }

  function zone(z, seatName) {
    const head = el("h3", { class: "z-name" }, z.name);
    if (z.owner !== undefined && seatName) head.append(el("span", { class: "z-owner" }, seatName));
    const placed = cells(z.components);
    const body = el("div", { class: `comps l-${placed.size ? "cells" : z.layout || "row"}` });
    /* without rows and columns, pieces that sit on a card (a recipe's spots) follow it in one group */
    const anchors = new Map();
    if (!placed.size) {
      const ids = new Set(z.components.map((c) => c.id));
      for (const c of z.components) if (c.at && ids.has(c.at) && !anchors.has(c.at)) anchors.set(c.at, el("div", { class: "on-card" }));
    }
    for (const c of z.components) {
      const node = component(c);
      const cell = placed.get(c.id);
      if (cell) {
        node.style.gridRow = String(cell[0]);
        node.style.gridColumn = String(cell[1]);
        if (placed.has(c.at)) node.classList.add("on-space");
      }
      if (anchors.has(c.id)) body.append(el("div", { class: "group" }, node, anchors.get(c.id)));
      else if (anchors.has(c.at)) anchors.get(c.at).append(node);
      else body.append(node);
    }
    if (placed.size) body.style.setProperty("--columns", String(Math.max(...[...placed.values()].map((cell) => cell[1]))));
    if (!z.components.length) body.append(el("span", { class: "muted" }, "empty"));
    return el("section", { class: `zone z-${z.kind}`, "data-zone": z.id, "data-owner": z.owner ?? null },
      head, z.text ? el("p", { class: "z-text" }, z.text) : null, body);
  }

  /* The whole board of one presentation; ``seats`` is the payload's seat list (names, bots). */
  function draw(table, seats) {
    const root = el("div", { class: "board-root", "data-game": table.game });
    const toMove = new Set(table.to_move || []);
    const shared = el("div", { class: "area shared" });
    const others = el("div", { class: "area others" });
    const mine = el("div", { class: "area mine" });
    const owned = new Map();
    for (const z of table.zones) {
      if (SHARED.includes(z.kind) || (z.owner === undefined && z.kind !== "rival")) shared.append(zone(z));
      else if (z.kind === "rival") others.append(el("div", { class: "seat-area rival" }, zone(z)));
      else {
        if (!owned.has(z.owner)) owned.set(z.owner, []);
        owned.get(z.owner).push(z);
      }
    }
    for (const [owner, zones] of [...owned.entries()].sort((a, b) => a[0] - b[0])) {
      const meta = (seats || [])[owner] || {};
      const name = (table.names || [])[owner] || meta.name || `P${owner}`;
      const head = el("h3", { class: "seat-head" }, el("span", { class: "seat-name" }, owner === table.viewer ? `${name} (you)` : name),
        meta.bot ? el("span", { class: "badge bot" }, `bot: ${meta.bot}`) : null,
        toMove.has(owner) ? el("span", { class: "badge turn" }, "to move") : null);
      const area = el("div", { class: `seat-area${toMove.has(owner) ? " to-move" : ""}`, "data-seat": owner }, head,
        zones.map((z) => zone(z)));
      (owner === table.viewer ? mine : others).append(area);
    }
    for (const area of [shared, others, mine]) if (area.children.length) root.append(area);
    return root;
  }

  /* Each component's drawn state, to see what the next position changed. */
  function fingerprints(table) {
    const out = new Map();
    for (const z of table.zones) for (const c of z.components) out.set(c.id, `${z.id}|${JSON.stringify(c)}`);
    return out;
  }

  /* Mark components that are new or differ from ``before``; the mark fades by itself. */
  function markChanged(root, before, table) {
    if (!before) return 0;
    let changed = 0;
    for (const [id, print] of fingerprints(table)) {
      if (before.get(id) === print) continue;
      const node = root.querySelector(`[data-id="${CSS.escape(id)}"]`);
      if (node) {
        node.classList.add("changed");
        changed += 1;
      }
    }
    return changed;
  }

  return { draw, fingerprints, markChanged, component, chip, colourOf };
})();
