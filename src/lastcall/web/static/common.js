/* What every page shares: building elements, the log, the results, the help text.
 *
 * Every text goes in with textContent (never as HTML): seat names are typed
 * by people, and rule texts are only ever shown as words.
 */
"use strict";

const LC = (() => {
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
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

  function logItem(event) {
    const classes = ["event", `kind-${event.kind}`, event.private ? "private" : ""];
    return el("li", { class: classes.join(" "), "data-index": event.index },
      event.private ? el("span", { class: "badge private" }, "only you") : null, event.text);
  }

  /* Append events to a log list in its own scrolling panel; the page itself never moves.
   * The newest lines are marked; the panel follows them unless its reader scrolled up. */
  function appendLog(list, events, isNew) {
    const panel = list.closest(".log-panel");
    const following = !panel || panel.scrollHeight - panel.scrollTop - panel.clientHeight < 40;
    if (events.some(isNew)) for (const old of list.querySelectorAll(".fresh")) old.classList.remove("fresh");
    for (const event of events) {
      if (event.kind === "undo") {
        const { first, last } = event.data;
        for (const item of [...list.children]) {
          const index = Number(item.dataset.index);
          if (index >= first && index <= last) item.remove();
        }
      }
      const item = logItem(event);
      if (isNew(event)) item.classList.add("fresh");
      list.append(item);
    }
    if (panel && following) panel.scrollTop = panel.scrollHeight;
  }

  function points(value) {
    return Number.isInteger(value) ? String(value) : Number(value).toFixed(1);
  }

  /* The final standings: ranks, scores, and each seat's and rival's points by source. */
  function results(board, viewer, links) {
    const standings = board.standings || [];
    const box = el("div", { class: "results" }, el("h2", { id: "result-title" }, "Final result"));
    const mine = standings.find((s) => s.seat === viewer && viewer !== null && viewer !== undefined);
    if (mine) {
      const won = mine.rank === 1;
      box.append(el("p", { class: `verdict${won ? " won" : ""}` }, won ? "You win!" : `You finish ${ordinal(mine.rank)}.`));
    }
    const table = el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Rank"), el("th", { scope: "col" }, "Player"),
        el("th", { scope: "col" }, "Score"), el("th", { scope: "col" }, "Where the points came from"))));
    const body = el("tbody");
    for (const s of standings) {
      const sources = el("ul", { class: "sources" },
        (s.sources || []).map(([name, value]) => el("li", {}, el("span", {}, name), el("b", {}, points(value)))));
      const who = s.seat === viewer && viewer !== null && viewer !== undefined ? `${s.name} (you)` : s.name;
      body.append(el("tr", { class: s.rank === 1 ? "winner" : null, "data-seat": s.seat ?? null },
        el("td", {}, s.rank ? ordinal(s.rank) : ""), el("th", { scope: "row" }, who, s.seat === undefined || s.seat === null ? el("span", { class: "badge" }, "rival") : null),
        el("td", { class: "score" }, s.score === null || s.score === undefined ? "" : points(s.score)),
        el("td", {}, sources, s.detail ? el("p", { class: "muted" }, s.detail) : null)));
    }
    table.append(body);
    box.append(el("div", { class: "standings-wrap", tabindex: "0", role: "region", "aria-label": "Scores" }, table));
    if (links.length) box.append(el("p", { class: "result-links" }, links));
    return box;
  }

  function ordinal(n) {
    const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
    return `${n}${tail}`;
  }

  /* How-to-play text (Markdown headings, lists, paragraphs) as plain elements. */
  function prose(text) {
    const out = [];
    let list = null;
    let grid = null;
    let paragraph = [];
    const flush = () => {
      if (paragraph.length) out.push(el("p", {}, plain(paragraph.join(" "))));
      paragraph = [];
    };
    for (const raw of String(text).split("\n")) {
      const line = raw.trim();
      const heading = /^#{1,6}\s+(.*)$/.exec(line);
      const item = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
      const cells = /^\|(.*)\|$/.exec(line);
      if (cells) {
        /* a table row: the first is the head, the |---| line under it only rules it off */
        flush();
        list = null;
        const texts = cells[1].split("|").map((cell) => plain(cell.trim()));
        if (texts.every((cell) => /^:?-+:?$/.test(cell))) continue;
        if (!grid) {
          grid = el("table", { class: "prose-table" }, el("thead", {}, el("tr", {}, texts.map((cell) => el("th", { scope: "col" }, cell)))), el("tbody"));
          out.push(grid);
        } else {
          grid.tBodies[0].append(el("tr", {}, texts.map((cell) => el("td", {}, cell))));
        }
        continue;
      }
      grid = null;
      if (!line) {
        flush();
        list = null;
      } else if (heading) {
        flush();
        list = null;
        out.push(el("h4", {}, plain(heading[1])));
      } else if (item) {
        flush();
        if (!list) {
          list = el("ul");
          out.push(list);
        }
        list.append(el("li", {}, plain(item[1])));
      } else {
        paragraph.push(line);
      }
    }
    flush();
    return out;
  }

  function plain(text) {
    return text.replace(/\*\*|__|`/g, "");
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

  return { el, words, logItem, appendLog, results, prose, store };
})();
