/* The replay of a finished match: the reader's own view after each step, and the log so far. */
"use strict";

(() => {
  const root = document.getElementById("replay");
  const token = root.dataset.token;
  const $ = (id) => document.getElementById(id);
  const slider = $("step");
  let hints = null;
  let steps = 1;

  async function show(step) {
    const answer = await fetch(`/api/play/${token}/replay?step=${step}`);
    const data = await answer.json();
    if (!answer.ok) {
      $("problem").textContent = data.detail;
      return;
    }
    $("problem").textContent = "";
    hints = hints || LC.hintsFor(data.game);
    steps = data.steps;
    slider.max = String(steps - 1);
    slider.value = String(data.step);
    $("title").textContent = `${data.title} · replay of table ${data.table}`;
    $("step-label").textContent = `step ${data.step} of ${steps - 1}`;
    const names = data.seats.map((s) => s.name);
    $("status").textContent = data.over ? "The end." : `Waiting for ${data.view.to_move.map((p) => names[p]).join(" and ")}.`;
    document.body.dataset.step = data.step;
    $("board").replaceChildren(LC.board(data, hints));
    $("log").replaceChildren(...data.events.map(LC.logItem));
    const box = $("result");
    box.hidden = !data.over;
    if (data.over) box.replaceChildren(LC.result(data));
  }

  const go = (step) => show(Math.max(0, Math.min(steps - 1, step)));
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(Number(slider.value) - 1));
  $("next").addEventListener("click", () => go(Number(slider.value) + 1));
  $("last").addEventListener("click", () => go(steps - 1));
  slider.addEventListener("change", () => go(Number(slider.value)));
  show(0);
})();
