// RuleCheck preview: draws a form from the rules and sends every input to the engine through the
// API of `rulecheck serve` (POST /v1/forms, POST /v1/forms/{id}/edits). Each answer is a ChangeSet;
// only the rows it names are touched. Plain JavaScript, no libraries, no build step.
"use strict";

const config = JSON.parse(document.getElementById("config").textContent);
const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
const cssPath = (path) => CSS.escape(path);

const app = {
  rules: config.rules,     // the rule set's name
  version: null,           // the version the form was made with
  formId: null,
  layout: null,
  fields: {},              // path template -> layout node (drivers.full_name)
  queue: [],               // edits waiting to be sent, in order
  sending: false,
  typedInvalid: {},        // path -> message for text that could not be read as the field's type
  broken: false,
};

// ---------------------------------------------------------------- the API

async function api(method, path, body, contentType = "application/json") {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = contentType;
  }
  const response = await fetch(path, init);
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = new Error(json && json.error ? json.error.message : response.statusText);
    error.status = response.status;
    error.body = json;
    throw error;
  }
  return json;
}

function notice(text, kind = "info") {
  const box = $("#notice");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = !text;
}

// ---------------------------------------------------------------- forms

/// Replaces the form by a new one (in turn with the edits: a switch never races an edit).
/// `extra.from === true` means "from the current form, whichever it is by then".
function switchForm(extra = {}) {
  return new Promise((resolve, reject) => {
    app.queue.push({ form: extra, resolve, reject });
    pump();
  });
}

async function newForm(extra = {}) {
  if (extra.from === true) {
    extra = Object.assign({}, extra);
    if (app.formId) extra.from = app.formId; else delete extra.from;
  }
  const body = Object.assign({ today: $("#today").value || undefined, locale: $("#locale").value || undefined }, extra);
  if (app.rules) body.rules = app.rules;
  const previous = app.formId;
  let answer;
  try {
    answer = await api("POST", "/v1/forms", body);
  } catch (error) {
    if (error.status === 409 && error.body && error.body.error.code === "rules_broken") {
      showRulesErrors(error.body.error.details || error.message);
      return;
    }
    if (body.from && error.status === 422) {
      // The draft does not fit the new rules at all (another form id): start afresh.
      notice("The values could not be kept: " + error.message, "warning");
      delete body.from;
      answer = await api("POST", "/v1/forms", body);
    } else {
      throw error;
    }
  }
  app.formId = answer.id;
  app.version = answer.version;
  app.rules = answer.rules;
  app.typedInvalid = {};
  // What the form was made with — unless the user is typing another value there right now.
  if (document.activeElement !== $("#today")) $("#today").value = answer.today;
  if (document.activeElement !== $("#locale")) $("#locale").value = answer.locale;
  render(answer.layout, answer.state);
  if (answer.dropped && answer.dropped.length) {
    notice("Not kept: " + answer.dropped.map((d) => d.message).join("; "), "warning");
  } else if (!extra.from) {
    notice("");
  }
  if (previous && previous !== answer.id) {
    api("DELETE", "/v1/forms/" + previous).catch(() => {});
  }
}

// ---------------------------------------------------------------- drawing the form

function render(layout, state) {
  app.layout = layout;
  app.fields = {};
  $("#form-title").textContent = layout.title || layout.form;
  document.title = (layout.title || layout.form) + " — RuleCheck preview";
  const form = $("#form");
  form.replaceChildren();
  const nav = $("#sections");
  nav.replaceChildren();
  for (const section of layout.sections) {
    const box = element("fieldset", { class: "section", id: "section-" + section.id, "data-section": section.id });
    box.append(element("legend", {}, section.title));
    for (const node of section.fields) box.append(nodeView(node, node.path, state));
    form.append(box);
    const link = element("a", { href: "#section-" + section.id, "data-section-link": section.id }, section.title);
    nav.append(link);
  }
  const gates = $("#gates");
  gates.replaceChildren();
  for (const name of layout.gates) {
    const button = element("button", { type: "button", "data-gate": name, "data-open": "false", disabled: "" }, name);
    button.addEventListener("click", () => runGate(name));
    gates.append(button);
  }
  $("#check-result").hidden = true;
  applyState(state);
  showRulesErrors(null);
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function remember(node) {
  app.fields[node.path] = node;
  for (const child of node.fields || []) remember(child);
  for (const child of node.item || []) remember(child);
}

/// The view of a layout node at a concrete path (drivers[0].full_name for drivers.full_name).
function nodeView(node, path, state) {
  remember(node);
  if (node.type === "group") {
    const box = rowShell("div", "group", path);
    box.append(element("div", { class: "group-title" }, node.title));
    for (const child of node.fields) box.append(nodeView(child, concrete(child.path, node.path, path), state));
    box.append(element("div", { class: "issues", "data-issues-for": path }));
    return box;
  }
  if (node.type === "list") {
    const box = rowShell("div", "list", path);
    const head = element("div", { class: "list-title" });
    head.append(element("span", { class: "list-name" }, node.title), " ");
    const add = element("button", { type: "button", "data-add": path }, "Add");
    add.addEventListener("click", () => enqueue({ append: path }));
    head.append(add, whyButton(path));
    const items = element("div", { class: "items", "data-items-for": path });
    box.append(head, items, element("div", { class: "issues", "data-issues-for": path }));
    const count = (state.items && state.items[path]) || 0;
    for (let index = 0; index < count; index++) items.append(itemView(node, path, index, state));
    return box;
  }
  const row = rowShell("div", "row", path);
  const id = "input-" + path.replace(/[^A-Za-z0-9_-]/g, "-");
  const label = element("label", { for: id }, node.title);
  row.append(label, inputView(node, path, id), whyButton(path), element("div", { class: "issues", "data-issues-for": path }));
  return row;
}

function itemView(list, path, index, state) {
  const itemPath = path + "[" + index + "]";
  const box = element("div", { class: "item", "data-item": itemPath });
  const head = element("div", { class: "item-title" }, list.title + " #" + (index + 1) + " ");
  const remove = element("button", { type: "button", "data-remove": path, "data-index": String(index) }, "Remove");
  remove.addEventListener("click", () => enqueue({ remove: path, index: Number(remove.dataset.index) }));
  head.append(remove);
  box.append(head);
  for (const child of list.item) box.append(nodeView(child, concrete(child.path, list.path, itemPath), state || {}));
  return box;
}

/// drivers.full_name under drivers[2] -> drivers[2].full_name.
function concrete(templatePath, templateParent, actualParent) {
  return actualParent + templatePath.slice(templateParent.length);
}

function rowShell(tag, kind, path) {
  return element(tag, { class: kind, "data-field": path, "data-visible": "false", "data-enabled": "false", "data-required": "false" });
}

function whyButton(path) {
  const button = element("button", { type: "button", class: "why", "data-why": path, title: "Why is this field as it is?" }, "why?");
  button.addEventListener("click", () => explain(path));
  return button;
}

function inputView(node, path, id) {
  let input;
  if (node.type === "choice" || node.type === "multi_choice") {
    input = element("select", { id, "data-input": path });
    if (node.type === "multi_choice") input.multiple = true;
    input.addEventListener("change", () => {
      if (input.multiple) {
        const values = Array.from(input.selectedOptions).map((option) => JSON.parse(option.value));
        enqueue(values.length ? { set: path, value: values } : { clear: path });
      } else {
        enqueue(input.value === "" ? { clear: path } : { set: path, value: JSON.parse(input.value) });
      }
    });
  } else if (node.type === "bool") {
    input = element("input", { id, type: "checkbox", "data-input": path });
    input.addEventListener("change", () => enqueue({ set: path, value: input.checked }));
  } else {
    input = element("input", { id, type: "text", "data-input": path, spellcheck: "false" });
    if (node.type === "number" || node.type === "integer") input.inputMode = node.type === "integer" ? "numeric" : "decimal";
    if (node.date_format) input.placeholder = node.date_format;
    if (node.max_length && !node.computed) input.maxLength = node.max_length;
    input.addEventListener("input", () => {
      enqueue({ type: path, text: input.value, caret: input.selectionStart == null ? input.value.length : input.selectionStart });
    });
  }
  if (node.computed) input.readOnly = true;
  input.addEventListener("focus", () => enqueue({ focus: path }));
  input.addEventListener("blur", () => enqueue({ blur: path }));
  return input;
}

// ---------------------------------------------------------------- applying state and ChangeSets

function row(path) { return $('[data-field="' + cssPath(path) + '"]'); }
function input(path) { return $('[data-input="' + cssPath(path) + '"]'); }

/// The whole state of a new form.
function applyState(state) {
  for (const [path, field] of Object.entries(state.fields)) {
    setFlags(path, { visible: field.visible, enabled: field.enabled, required: field.required });
    if (field.options) setOptions(path, field.options);
    if ("mask" in field) setMask(path, field.mask);
    setValue(path, field.value, field.display);
    setIssues(path, field.shown_issues);
  }
  for (const [name, open] of Object.entries(state.gates)) setGate(name, open);
  for (const [id, complete] of Object.entries(state.sections)) setSection(id, complete);
  showValues(state.record);
}

/// The answer to an edit: a ChangeSet (or several) and what changed besides.
function applyAnswer(answer, sent) {
  const changeSets = answer.results ? answer.results.filter((r) => r.changes).map((r) => r.changes) : [answer.changes];
  for (const changes of changeSets) {
    for (const [list, count] of Object.entries(changes.items || {})) setItemCount(list, count);
    for (const [path, visible] of Object.entries(changes.visible)) setFlags(path, { visible });
    for (const [path, enabled] of Object.entries(changes.enabled)) setFlags(path, { enabled });
    for (const [path, required] of Object.entries(changes.required)) setFlags(path, { required });
    for (const [path, issues] of Object.entries(changes.shown_issues || {})) setIssues(path, issues);
    for (const [name, open] of Object.entries(changes.gates)) setGate(name, open);
    for (const [id, complete] of Object.entries(changes.sections)) setSection(id, complete);
  }
  for (const [path, options] of Object.entries(answer.options || {})) setOptions(path, options);
  for (const [path, mask] of Object.entries(answer.masks || {})) setMask(path, mask);
  const typed = answer.typed;
  for (const changes of changeSets) {
    for (const [path, value] of Object.entries(changes.values)) {
      if (typed && typed.path === path) continue;
      if (stillTyping(path)) continue;
      setValue(path, value, (answer.display || {})[path]);
    }
  }
  if (typed) applyTyped(typed, sent);
  if (answer.record) showValues(answer.record);
}

/// What the engine made of typed text: the mask's formatting and the caret, unless the user
/// has typed on since (then the next answer says).
function applyTyped(typed, sent) {
  const box = input(typed.path);
  if (typed.state === "invalid" && typed.message) app.typedInvalid[typed.path] = typed.message;
  else delete app.typedInvalid[typed.path];
  refreshTypedIssue(typed.path);
  if (!box || stillTyping(typed.path) || !sent || box.value !== sent.text) return;
  if (box.value !== typed.text) box.value = typed.text;
  if (document.activeElement === box) box.setSelectionRange(typed.caret, typed.caret);
}

function stillTyping(path) {
  return app.queue.some((edit) => edit.type === path);
}

function setFlags(path, flags) {
  const node = row(path);
  if (!node) return;
  for (const [name, value] of Object.entries(flags)) {
    if (value !== undefined) node.setAttribute("data-" + name, String(value));
  }
  const box = input(path);
  if (box && flags.enabled !== undefined) box.disabled = !flags.enabled;
}

function setValue(path, value, display) {
  const box = input(path);
  if (!box) return;
  if (box.type === "checkbox") {
    box.checked = value === true;
  } else if (box.tagName === "SELECT") {
    const wanted = value == null ? [] : (box.multiple ? value : [value]).map((v) => JSON.stringify(v));
    for (const option of box.options) option.selected = wanted.includes(option.value);
    if (!box.multiple && value == null) box.value = "";
  } else {
    box.value = display !== undefined ? display : value == null ? "" : String(value);
    delete app.typedInvalid[path];
    refreshTypedIssue(path);
  }
}

function setOptions(path, options) {
  const box = input(path);
  if (!box || box.tagName !== "SELECT") return;
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

function setMask(path, mask) {
  const box = input(path);
  if (!box || box.tagName !== "INPUT") return;
  box.placeholder = mask || "";
  if (mask) box.dataset.mask = mask; else delete box.dataset.mask;
}

function setIssues(path, issues) {
  const box = $('[data-issues-for="' + cssPath(path) + '"]');
  if (!box) return;
  box.replaceChildren(...issues.map((issue) => element("div", { class: "issue", "data-code": issue.code }, issue.message)));
  refreshTypedIssue(path);
}

/// Text typed into a number or date field that cannot be read yet: a hint while typing, an issue once left.
function refreshTypedIssue(path) {
  const box = $('[data-issues-for="' + cssPath(path) + '"]');
  if (!box) return;
  const old = $(".typed-issue", box);
  if (old) old.remove();
  const message = app.typedInvalid[path];
  if (!message) return;
  const focused = document.activeElement === input(path);
  box.append(element("div", { class: "issue typed-issue" + (focused ? " pending" : ""), "data-code": "type" }, message));
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
  const node = app.fields[list];
  if (!items || !node) return;
  while (items.children.length > count) items.lastElementChild.remove();
  while (items.children.length < count) items.append(itemView(node, list, items.children.length, null));
}

function showValues(record) {
  $("#values").textContent = JSON.stringify(record, null, 2);
}

// ---------------------------------------------------------------- sending edits, in order

function enqueue(edit) {
  if (app.broken) return;
  const last = app.queue[app.queue.length - 1];
  if (edit.type !== undefined && last && last.type === edit.type && !last.inFlight) {
    app.queue[app.queue.length - 1] = edit;  // typing faster than answers come: send the latest text
  } else {
    app.queue.push(edit);
  }
  pump();
}

async function pump() {
  if (app.sending) return;
  app.sending = true;
  try {
    while (app.queue.length) {
      const edit = app.queue[0];
      if (edit.form) {
        try {
          await newForm(edit.form);
          edit.resolve();
        } catch (error) {
          notice(error.message, "error");
          edit.reject(error);
        }
        app.queue.shift();
        continue;
      }
      if (!app.formId || app.broken) {
        app.queue.shift();
        continue;
      }
      edit.inFlight = true;
      const body = Object.assign({}, edit);
      delete body.inFlight;
      try {
        const answer = await api("POST", "/v1/forms/" + app.formId + "/edits", body);
        app.queue.shift();
        applyAnswer(answer, edit);
      } catch (error) {
        app.queue.shift();
        if (error.status === 404 && error.body && error.body.error.code === "form_not_found") {
          app.queue = app.queue.filter((queued) => queued.form);
          notice("The form expired on the server; starting a new one.", "warning");
          app.formId = null;
          await newForm();
        } else {
          notice(error.message, "error");
          if (edit.type !== undefined) resync(edit.type);
        }
      }
      if (edit.focus !== undefined || edit.blur !== undefined) refreshTypedIssue(edit.focus || edit.blur);
    }
  } finally {
    app.sending = false;
  }
}

/// After a refused edit, show what the engine holds.
async function resync(path) {
  try {
    const answer = await api("GET", "/v1/forms/" + app.formId);
    const field = answer.state.fields[path];
    if (field) setValue(path, field.value, field.display);
  } catch (error) {
    notice(error.message, "error");
  }
}

// ---------------------------------------------------------------- side panels

async function explain(path) {
  try {
    const answer = await api("GET", "/v1/forms/" + app.formId + "/explain?field=" + encodeURIComponent(path));
    $("#why").textContent = answer.text;
  } catch (error) {
    $("#why").textContent = error.message;
  }
}

/// A gate's action: the values checked again on the server, as a backend does on submit.
async function runGate(name) {
  const record = JSON.parse($("#values").textContent);
  const query = "?rules=" + encodeURIComponent(app.rules) + "&today=" + encodeURIComponent($("#today").value)
    + "&locale=" + encodeURIComponent($("#locale").value);
  const box = $("#check-result");
  box.hidden = false;
  try {
    const report = await api("POST", "/v1/check" + query, record);
    // The gate's own fields (a list item's field counts under its template: drivers[0].x is drivers.x).
    const covered = new Set((app.layout.gate_fields || {})[name] || []);
    const mine = report.violations.filter((v) => covered.has(v.field.replace(/\[\d+\]/g, "")));
    const lines = mine.map((v) => v.field + ": " + v.message + " [" + v.code + "]");
    const elsewhere = report.violations.length - mine.length;
    box.textContent = "“" + name + "”: POST /v1/check of the values finds " + mine.length + " problems in the gate's fields"
      + (elsewhere ? " (and " + elsewhere + " elsewhere in the form)" : "") + (lines.length ? "\n" + lines.join("\n") : "");
  } catch (error) {
    box.textContent = error.message;
  }
}

function showRulesErrors(text) {
  app.broken = !!text;
  const box = $("#rules-errors");
  box.hidden = !text;
  $("#rules-errors-text").textContent = text || "";
  $("#form").hidden = !!text;
  $("#sections").hidden = !!text;
  const status = $("#rules-status");
  status.dataset.status = text ? "error" : "ok";
  status.textContent = text ? "rules do not compile" : (app.rules || "") + (app.version ? " · " + app.version.slice(0, 8) : "");
}

// ---------------------------------------------------------------- live reload

async function watchRules() {
  try {
    const answer = await api("GET", "/v1/rules");
    const entry = answer.rules.find((r) => r.name === app.rules) || answer.rules[0];
    if (entry) {
      if (entry.errors) {
        showRulesErrors(entry.errors);
      } else if (entry.version !== app.version || !app.formId) {
        app.rules = entry.name;
        await switchForm({ from: true });
      } else if (app.broken) {
        showRulesErrors(null);
      }
    }
  } catch (error) {
    $("#rules-status").dataset.status = "offline";
    $("#rules-status").textContent = "server not answering";
  }
  setTimeout(watchRules, 400);
}

// ---------------------------------------------------------------- controls

function controls() {
  $("#today").value = config.today || "";
  $("#locale").value = config.locale || "en";
  const again = (event) => { if (event.target.value.trim()) switchForm({ from: true }).catch(() => {}); };
  $("#today").addEventListener("change", again);
  $("#locale").addEventListener("change", again);
  $("#show-hidden").addEventListener("change", (event) => document.body.classList.toggle("show-hidden", event.target.checked));
  $("#touch-all").addEventListener("click", () => enqueue({ touch_all: true }));
  $("#reset").addEventListener("click", () => enqueue({ reset: true }));
  window.addEventListener("pagehide", () => {
    if (app.formId) fetch("/v1/forms/" + app.formId, { method: "DELETE", keepalive: true }).catch(() => {});
  });
}

async function start() {
  controls();
  await switchForm(config.record ? { record: config.record } : {}).catch(() => {});
  watchRules();
}

start();
