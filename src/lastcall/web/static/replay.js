/* The replay of a finished match: the reader's own view after each step, the log up to it.
 *
 * The log follows the step (the lines the step added are marked and scrolled
 * to inside the log's panel), the pieces the step changed glow, and the arrow
 * keys step.
 */
"use strict";

(() => {
  const root = document.getElementById("replay");
  const token = root.dataset.token;
  const $ = (id) => document.getElementById(id);
  const slider = $("step");
  let steps = 1;
  let shown = null;
  let asked = 0;

  async function show(step) {
    asked = step;
    const answer = await fetch(`/api/play/${token}/replay?step=${step}`);
    const data = await answer.json();
    if (asked !== step) return;
    if (!answer.ok) {
      $("problem").textContent = data.detail;
      return;
    }
    $("problem").textContent = "";
    steps = data.steps;
    slider.max = String(steps - 1);
    slider.value = String(data.step);
    $("title").textContent = `${data.title} · replay of table ${data.table}`;
    $("step-label").textContent = `Step ${data.step} of ${steps - 1}`;
    $("status").textContent = data.over ? "The end." : `${data.board.status}.`;
    document.body.dataset.step = data.step;
    const drawn = Board.draw(data.board, data.seats);
    $("board").replaceChildren(drawn);
    const next = data.step === (shown ? shown.step + 1 : -1);
    if (shown && next) Board.markChanged(drawn, Board.fingerprints(shown.board), data.board);
    const before = shown && shown.step < data.step ? shown.seen : Infinity;
    const list = $("log");
    list.replaceChildren();
    LC.appendLog(list, data.events, (event) => event.index > before);
    const panel = list.closest(".log-panel");
    const fresh = list.querySelector(".fresh");
    if (fresh) panel.scrollTop = Math.max(0, fresh.offsetTop - panel.offsetTop - 40);
    else panel.scrollTop = panel.scrollHeight;
    const box = $("result");
    box.hidden = !data.over;
    if (data.over) box.replaceChildren(LC.results(data.board, data.seat, []));
    shown = data;
  }

  const go = (step) => show(Math.max(0, Math.min(steps - 1, step)));
  const at = () => Number(slider.value);
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(at() - 1));
  $("next").addEventListener("click", () => go(at() + 1));
  $("last").addEventListener("click", () => go(steps - 1));
  slider.addEventListener("change", () => go(at()));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: () => go(at() - 1), ArrowRight: () => go(at() + 1), Home: () => go(0), End: () => go(steps - 1) };
    if (moves[event.key]) {
      event.preventDefault();
      moves[event.key]();
    }
  });
  show(0);
})();
