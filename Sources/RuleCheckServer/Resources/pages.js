// RuleCheck preview — a paged form, as a wizard shows it: one page at a time, a list of the pages
// (each [data-page=ID] with data-current, data-valid and data-shown), and Previous / Next, which
// are the engine's {"page": "previous"} and {"page": "next"} (Next stays on a page with errors and
// shows them). A form without pages shows its sections one under another.
"use strict";

const pages = { ids: [], current: null, shown: new Set(), valid: {} };

function renderPages(list) {
  pages.ids = list.map((page) => page.id);
  pages.current = null;
  pages.shown = new Set();
  pages.valid = {};
  const paged = list.length > 0;
  document.body.classList.toggle("paged", paged);
  $("#sections").hidden = paged;
  $("#pager").hidden = !paged;
  const nav = $("#pages");
  nav.hidden = !paged;
  nav.replaceChildren(...list.map((page, index) => {
    const step = element("button", { type: "button", class: "step", "data-page": page.id, "data-current": "false",
                                     "data-valid": "false", "data-shown": "true" });
    step.append(element("span", { class: "step-number" }, String(index + 1)), " " + page.title);
    step.addEventListener("click", () => enqueue({ page: page.id }));
    return step;
  }));
}

/// The pages' state: all of it (a new form's `state.pages`) or what an edit changed (a
/// ChangeSet's `pages`).
function applyPages(change) {
  if (!change) return;
  if (change.shown) pages.shown = new Set(change.shown);
  Object.assign(pages.valid, change.valid || {});
  const moved = change.current && change.current !== pages.current;
  if (change.current) pages.current = change.current;
  for (const step of $$("[data-page]", $("#pages"))) {
    const id = step.dataset.page;
    step.dataset.current = String(id === pages.current);
    step.dataset.valid = String(pages.valid[id] === true);
    step.dataset.shown = String(pages.shown.has(id));
    step.disabled = !pages.shown.has(id);
  }
  for (const section of $$("[data-page-of]", $("#form"))) section.hidden = section.dataset.pageOf !== pages.current;
  const shown = pages.ids.filter((id) => pages.shown.has(id));
  const position = shown.indexOf(pages.current);
  $("#previous-page").disabled = position <= 0;
  $("#next-page").disabled = position < 0 || position >= shown.length - 1;
  $("#page-number").textContent = position < 0 ? "" : "Page " + (position + 1) + " of " + shown.length;
  if (moved) window.scrollTo(0, 0);
}

function pageControls() {
  $("#previous-page").addEventListener("click", () => enqueue({ page: "previous" }));
  $("#next-page").addEventListener("click", () => enqueue({ page: "next" }));
}
