// RuleCheck preview — applying a new form's state and each edit's answer: a ChangeSet (as
// `rulecheck replay` prints it) names exactly the rows that changed, and only those are touched.
"use strict";

/// The whole state of a new form.
function applyState(state) {
  app.metadata = {};
  for (const [path, field] of Object.entries(state.fields)) {
    setFlags(path, { visible: field.visible, enabled: field.enabled, required: field.required });
    if (field.metadata) setMetadata(path, field.metadata);
    setValue(path, field.value, field.display, field.input);
    setIssues(path, field.shown_issues);
  }
  for (const [name, open] of Object.entries(state.gates)) setGate(name, open);
  for (const [id, complete] of Object.entries(state.sections)) setSection(id, complete);
  applyPages(state.pages);
  showValues(state.record);
}

/// The answer to edits: one ChangeSet (`changes`) or one per edit (`results`), the display text
/// of the values that changed, the metadata that changed, and the values as a record.
function applyAnswer(answer, sent) {
  const changeSets = answer.results ? answer.results.filter((r) => r.changes).map((r) => r.changes) : [answer.changes];
  const values = {}, inputs = {};
  for (const changes of changeSets) {
    for (const [list, count] of Object.entries(changes.items || {})) setItemCount(list, count);
    for (const [path, visible] of Object.entries(changes.visible)) setFlags(path, { visible });
    for (const [path, enabled] of Object.entries(changes.enabled)) setFlags(path, { enabled });
    for (const [path, required] of Object.entries(changes.required)) setFlags(path, { required });
    for (const [path, issues] of Object.entries(changes.shown_issues || {})) setIssues(path, issues);
    for (const [name, open] of Object.entries(changes.gates)) setGate(name, open);
    for (const [id, complete] of Object.entries(changes.sections)) setSection(id, complete);
    applyPages(changes.pages);
    Object.assign(values, changes.values);
    Object.assign(inputs, changes.input || {});
  }
  for (const [path, metadata] of Object.entries(answer.metadata || {})) setMetadata(path, metadata);
  for (const [path, value] of Object.entries(values)) {
    if (inputs[path] || stillTyping(path)) continue;   // the typed text shows, not the value
    setValue(path, value, (answer.display || {})[path]);
  }
  for (const [path, typed] of Object.entries(inputs)) if (typed) applyInput(path, typed, sent);
  if (answer.record) showValues(answer.record);
}

/// What the engine made of typed text: the text as the mask formats it and the caret — unless
/// the user has typed on since (then the next answer says).
function applyInput(path, typed, sent) {
  const box = input(path);
  if (!box || stillTyping(path)) return;
  if (sent && sent.type === path && box.value !== sent.text) return;
  box.dataset.inputState = typed.state;
  if (box.value !== typed.text) box.value = typed.text;
  if (document.activeElement === box) box.setSelectionRange(typed.caret, typed.caret);
}

function setFlags(path, flags) {
  const node = row(path);
  if (!node) return;
  for (const [name, value] of Object.entries(flags)) {
    if (value !== undefined) node.setAttribute("data-" + name, String(value));
  }
  if (flags.enabled === undefined) return;
  const box = input(path);
  if (box && box.type === "file") enableFiles(path, flags.enabled);
  else if (box) box.disabled = !flags.enabled;
}

/// A value that was not typed (or a new form's): the display text, or what was typed so far.
function setValue(path, value, display, typed) {
  const box = input(path);
  if (!box) return;
  if (box.type === "checkbox") {
    box.checked = value === true;
  } else if (box.type === "file") {
    showFiles(path, value);
  } else if (box.tagName === "SELECT") {
    const wanted = value == null ? [] : (box.multiple ? value : [value]).map((v) => JSON.stringify(v));
    for (const option of box.options) option.selected = wanted.includes(option.value);
    if (!box.multiple && value == null) box.value = "";
  } else {
    box.value = typed ? typed.text : display !== undefined ? display : value == null ? "" : String(value);
    if (typed) box.dataset.inputState = typed.state; else delete box.dataset.inputState;
  }
}

const inputModes = { text: "text", number: "numeric", decimal: "decimal", phone: "tel", email: "email", url: "url" };

/// What the engine says a field's input needs: options on offer, placeholder, keyboard, mask,
/// lengths, bounds, help, a file field's limits.
function setMetadata(path, metadata) {
  app.metadata[path] = metadata;
  const box = input(path);
  if (box && box.tagName === "SELECT") {
    setOptions(box, metadata.options || []);
  } else if (box && box.type === "file") {
    box.accept = (metadata.media_types || []).join(",");
    box.multiple = metadata.max_items !== 1;
  } else if (box && box.type === "text") {
    box.placeholder = metadata.placeholder || "";
    box.inputMode = inputModes[metadata.keyboard] || "text";
    if (metadata.mask) box.dataset.mask = metadata.mask; else delete box.dataset.mask;
    // A mask (a phone, a plate) reads left to right, also in a right-to-left page.
    if (metadata.mask) box.dir = "ltr";
    if (metadata.max_length && !metadata.mask && !metadata.computed) box.maxLength = metadata.max_length;
    else box.removeAttribute("maxlength");
    const ui = metadata.ui || {};
    if (typeof ui.autocomplete === "string") box.setAttribute("autocomplete", ui.autocomplete);
  }
  const hint = $('[data-hint-for="' + cssPath(path) + '"]');
  if (hint) hint.textContent = hintText(metadata);
}

/// The line under an input: the help text, the mask, the bounds, a file field's limits.
function hintText(metadata) {
  const parts = [];
  if (metadata.help) parts.push(metadata.help);
  if (metadata.mask) parts.push("mask " + metadata.mask.split(" | ").join(" or "));
  // The bounds in words, in the form's locale, as the server wrote them ("از ۲۰ تا ۱۰۰۰" in Persian).
  if (metadata.bounds) parts.push(metadata.bounds);
  if (metadata.type === "file") {
    const count = metadata.max_items === 1 ? "one file" : metadata.max_items ? "up to " + metadata.max_items + " files" : "files";
    parts.push(count + (metadata.max_size ? ", each at most " + size(metadata.max_size) : "")
               + (metadata.media_types ? ": " + metadata.media_types.join(", ") : ""));
  }
  return parts.join(" · ");
}

function setOptions(box, options) {
  const selected = Array.from(box.selectedOptions).map((option) => option.value);
  box.replaceChildren();
  if (!box.multiple) box.append(element("option", { value: "" }, "—"));
  for (const option of options) {
    const value = JSON.stringify(option.value);
    const node = element("option", { value }, option.title);
    node.selected = selected.includes(value);
    box.append(node);
  }
}

function setIssues(path, issues) {
  const box = $('[data-issues-for="' + cssPath(path) + '"]');
  if (!box) return;
  // dir=auto: each message runs in its own language's direction (a Persian one in an English page).
  box.replaceChildren(...issues.map((issue) => element("div", { class: "issue", "data-code": issue.code, dir: "auto" }, issue.message)));
}

function setGate(name, open) {
  const button = $('[data-gate="' + cssPath(name) + '"]');
  if (!button) return;
  button.dataset.open = String(open);
  button.disabled = !open;
}

function setSection(id, complete) {
  const link = $('[data-section-link="' + cssPath(id) + '"]');
  if (link) link.dataset.complete = String(complete);
}

function setItemCount(list, count) {
  const items = $('[data-items-for="' + cssPath(list) + '"]');
  // A list inside a list's item is drivers[0].violations; its layout node is drivers.violations.
  const node = app.fields[list.replace(/\[\d+\]/g, "")];
  if (!items || !node) return;
  while (items.children.length > count) items.lastElementChild.remove();
  while (items.children.length < count) items.append(itemView(node, list, items.children.length, null));
}

function showValues(record) {
  $("#values").textContent = JSON.stringify(record, null, 2);
}
